// Reads the server's text/event-stream answers (chat generation) as { event, data } pairs.

export interface SseMessage {
  event: string;
  data: unknown;
}

export async function* readEventStream(response: Response): AsyncGenerator<SseMessage> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) {
        const text = data.join('\n');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // plain text data
        }
        yield { event, data: parsed };
      }
      end = buffer.indexOf('\n\n');
    }
  }
}
