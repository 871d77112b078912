// A provider adapter that answers from a script instead of a model, so callers can test their tools, prompts
// and tool loops through the real runtime (generateTask, runToolLoop, orchestration) without a network.
import type {
  Connection,
  ConnectionApi,
  FinishReason,
  ProviderAdapter,
  ProviderRequest,
  StreamEvent,
  Usage,
} from '../providers/types.js';

/** One scripted answer: text, reasoning and tool calls, streamed in that order. */
export interface MockTurn {
  text?: string;
  reasoning?: string;
  toolCalls?: Array<{ id?: string; name: string; args?: Record<string, unknown> }>;
  /** default `tool_calls` when the turn has calls, else `stop` */
  finishReason?: FinishReason;
  usage?: Usage;
}

export interface MockProviderOptions {
  /** the family the adapter stands in for (default `openai`); pass it to createRuntime as `adapters[api]` */
  api?: ConnectionApi;
  /** whether tools go to it natively (default true); false exercises the text tool-calling protocol */
  nativeTools?: boolean;
  /** the answers in order, or a function of the request and its 0-based number */
  turns: MockTurn[] | ((request: ProviderRequest, n: number) => MockTurn);
}

export interface MockProviderAdapter extends ProviderAdapter {
  /** every request the runtime sent, in order */
  readonly requests: ProviderRequest[];
}

/** A scripted ProviderAdapter. Asking for more turns than scripted throws, naming how many there were. */
export function mockProviderAdapter(options: MockProviderOptions): MockProviderAdapter {
  const requests: ProviderRequest[] = [];
  const { turns } = options;
  return {
    api: options.api ?? 'openai',
    nativeTools: options.nativeTools ?? true,
    requests,
    async *send(request: ProviderRequest): AsyncIterable<StreamEvent> {
      const n = requests.length;
      requests.push(request);
      const turn = typeof turns === 'function' ? turns(request, n) : turns[n];
      if (!turn)
        throw new Error(`mockProviderAdapter: request ${n + 1} has no scripted turn (${n} scripted)`);
      if (turn.reasoning) yield { type: 'reasoning-delta', text: turn.reasoning };
      if (turn.text) yield { type: 'text-delta', text: turn.text };
      const calls = turn.toolCalls ?? [];
      for (const [index, call] of calls.entries()) {
        const args = call.args ?? {};
        const id = call.id ?? `call_${n + 1}_${index + 1}`;
        yield { type: 'tool-call', id, index, name: call.name, args, rawArgs: JSON.stringify(args) };
      }
      yield {
        type: 'finish',
        reason: turn.finishReason ?? (calls.length ? 'tool_calls' : 'stop'),
        rawReason: null,
        usage: turn.usage,
      };
    },
  };
}

/** A connection for the mock adapter: nothing is sent anywhere, the adapter answers. */
export function mockConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    name: 'mock',
    api: 'openai',
    baseUrl: 'http://127.0.0.1:9/v1',
    model: 'mock-model',
    functionCalling: { enabled: true, mode: 'native' },
    ...overrides,
  };
}
