// Test support: an emulated OpenAI model whose answers depend on the agent (a marker in its system prompt).
import {
  type Emulator,
  openaiChunk,
  openaiStream,
  type RecordedRequest,
  type ScriptedResponse,
} from '@toolsmith/emulator';

export interface Answer {
  text?: string;
  toolCalls?: Array<{ id: string; name: string; args: unknown }>;
}

type Wire = {
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ function: { name: string } }>;
};
export const wire = (req: RecordedRequest) => req.body as Wire;
export const systemText = (req: RecordedRequest) =>
  wire(req)
    .messages.filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');
export const toolNames = (req: RecordedRequest) => (wire(req).tools ?? []).map((t) => t.function.name).sort();

/** An OpenAI streamed answer: text, then each call with its arguments in two pieces. */
export function streamed(answer: Answer): ScriptedResponse {
  const chunks: unknown[] = [openaiChunk({ role: 'assistant', content: '' })];
  if (answer.text) chunks.push(openaiChunk({ content: answer.text }));
  (answer.toolCalls ?? []).forEach((call, index) => {
    const json = JSON.stringify(call.args);
    const half = Math.floor(json.length / 2);
    chunks.push(
      openaiChunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
      openaiChunk({ tool_calls: [{ index, function: { arguments: json.slice(0, half) } }] }),
      openaiChunk({ tool_calls: [{ index, function: { arguments: json.slice(half) } }] }),
    );
  });
  chunks.push(openaiChunk({}, { finishReason: answer.toolCalls?.length ? 'tool_calls' : 'stop' }));
  return openaiStream(chunks);
}

/** Answers each agent by the first marker found in its system prompt; answer n of that agent is `script[marker](n)`. */
export function scriptAgents(emulator: Emulator, script: Record<string, (n: number) => Answer>): void {
  const counts = new Map<string, number>();
  emulator.on('/v1/chat/completions', (req) => {
    const system = systemText(req);
    const marker = Object.keys(script).find((m) => system.includes(m));
    if (!marker) return { status: 500, json: { error: { message: `unscripted agent: ${system}` } } };
    const n = counts.get(marker) ?? 0;
    counts.set(marker, n + 1);
    return streamed(script[marker](n));
  });
}

export const requestsWith = (emulator: Emulator, marker: string) =>
  emulator.requests.filter((r) => systemText(r).includes(marker));
