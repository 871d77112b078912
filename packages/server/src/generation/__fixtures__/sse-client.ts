// Test support: POST to the generate route over real HTTP and read its Server-Sent Events.

export interface SseEvent {
  event: string;
  data: any;
}

export interface SseCall {
  status: number;
  headers: Headers;
  /** the JSON body when the answer is not a stream (400, 404, 409) */
  json?: any;
  /** events as they arrive; ends when the server ends the stream */
  events: AsyncGenerator<SseEvent>;
  /** closes the connection from the client side */
  abort(): void;
}

async function* parseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        return; // aborted by the client
      }
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length > 0) yield { event, data: JSON.parse(data.join('\n')) };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export async function postSse(url: string, body: unknown): Promise<SseCall> {
  return openSse(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
    body: JSON.stringify(body),
  });
}

/** GET an event stream (attaching to a running generation). */
export async function getSse(url: string): Promise<SseCall> {
  return openSse(url, { method: 'GET' });
}

async function openSse(url: string, init: RequestInit): Promise<SseCall> {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const isStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const json = isStream ? undefined : await response.json();
  const events = isStream && response.body ? parseEvents(response.body) : (async function* () {})();
  return {
    status: response.status,
    headers: response.headers,
    json,
    events,
    abort: () => controller.abort(),
  };
}

/** Every event until the server ends the stream. */
export async function collect(call: SseCall): Promise<SseEvent[]> {
  const all: SseEvent[] = [];
  for await (const event of call.events) all.push(event);
  return all;
}

/** Reads events until one of the given type arrives (returns it), or throws if the stream ends first. */
export async function nextEvent(call: SseCall, type: string): Promise<SseEvent> {
  for (;;) {
    const next = await call.events.next();
    if (next.done) throw new Error(`stream ended before a "${type}" event`);
    if (next.value.event === type) return next.value;
  }
}
