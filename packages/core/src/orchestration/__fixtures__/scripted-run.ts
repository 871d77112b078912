// Test support: an emulated OpenAI model that answers each agent by a marker in its system prompt, and a
// registry with one builtin read tool (`lookup`) and one custom write tool (`mark_scene`).
import type { Emulator, RecordedRequest } from '@toolsmith/emulator';
import {
  body,
  type OpenAIAnswer,
  openaiAnswer,
  openaiConnection,
} from '../../generate/__fixtures__/answers.js';
import { createRuntime } from '../../runtime/create-runtime.js';
import { ToolRegistry } from '../../tools/registry.js';

export const PATH = '/v1/chat/completions';
export type WireMessage = { role: string; content: unknown };
type WireTool = { function: { name: string } };

export const systemOf = (req: RecordedRequest) =>
  String((body(req).messages as WireMessage[]).find((m) => m.role === 'system')?.content ?? '');
export const lastUserOf = (req: RecordedRequest) =>
  String([...(body(req).messages as WireMessage[])].reverse().find((m) => m.role === 'user')?.content ?? '');
export const toolNames = (req: RecordedRequest) =>
  ((body(req) as unknown as { tools?: WireTool[] }).tools ?? []).map((t) => t.function.name).sort();

export type Scripted = OpenAIAnswer | 'hang' | Promise<OpenAIAnswer>;

/** Answer n of the agent whose system prompt holds `marker` is `answers[marker](n, req)`. */
export function script(
  emulator: Emulator,
  answers: Record<string, (n: number, req: RecordedRequest) => Scripted>,
) {
  const counts = new Map<string, number>();
  emulator.on(PATH, async (req) => {
    const system = systemOf(req);
    const marker = Object.keys(answers).find((m) => system.includes(m));
    if (!marker) return { status: 500, json: { error: { message: `unscripted agent: ${system}` } } };
    const n = counts.get(marker) ?? 0;
    counts.set(marker, n + 1);
    const answer = await answers[marker](n, req);
    return answer === 'hang' ? { hang: true } : openaiAnswer(req, answer);
  });
}

export function scriptedSetup(emulator: Emulator) {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  const lookups: string[] = [];
  const obj = (properties: Record<string, unknown>, required: string[]) => ({
    type: 'object',
    properties,
    required,
  });
  registry.register(
    {
      name: 'lookup',
      description: 'Looks a word up.',
      parameters: obj({ q: { type: 'string' } }, ['q']),
      mode: 'read',
      kind: 'native',
      enabled: true,
    },
    {
      layer: 'builtin',
      run: (args) => {
        lookups.push(String(args.q));
        return `definition of ${String(args.q)}`;
      },
    },
  );
  registry.register({
    name: 'mark_scene',
    description: 'Marks the scene (write).',
    parameters: obj({ tag: { type: 'string' } }, ['tag']),
    mode: 'write',
    kind: 'static',
    staticResult: 'marked',
    enabled: true,
  });
  const runtime = createRuntime({ connections: [openaiConnection(emulator.url)], registry });
  return { registry, runtime, lookups };
}
