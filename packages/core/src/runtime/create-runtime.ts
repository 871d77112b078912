import { GenerateTaskError } from '../base/errors.js';
import { generateTaskStreamWith, generateTaskWith } from '../generate/generate-task.js';
import { resolveSource } from '../generate/resolve-source.js';
import { createToolModeMemory } from '../generate/tool-mode-memory.js';
import type {
  GenerateContext,
  GenerateEvent,
  GenerateTaskOptions,
  GenerateTaskResult,
} from '../generate/types.js';
import { runToolLoopWith } from '../loop/run-tool-loop.js';
import type { ToolLoopOptions, ToolLoopResult } from '../loop/types.js';
import type { Connection } from '../providers/types.js';
import { ToolRegistry } from '../tools/registry.js';
import { connectionCanCallTools, NO_TOOL_CALL_TYPES } from './tool-calling-support.js';

export interface RuntimeOptions extends GenerateContext {
  /** the tools `runToolLoop` offers and runs; a fresh registry when not given */
  registry?: ToolRegistry;
}

/** A connection as listed to callers: everything but the secret. */
export type ConnectionProfileSummary = Omit<Connection, 'apiKey' | 'headers'> & { hasApiKey: boolean };

export interface Runtime {
  generateTask(options: GenerateTaskOptions): Promise<GenerateTaskResult>;
  generateTaskStream(options: GenerateTaskOptions): AsyncIterable<GenerateEvent>;
  /** the registry defaults to the runtime's own */
  runToolLoop(
    options: Omit<ToolLoopOptions, 'registry'> & { registry?: ToolRegistry },
  ): Promise<ToolLoopResult>;
  connectionProfiles: { list(): Promise<ConnectionProfileSummary[]> };
  /**
   * SillyTavern/Luker: whether the connection (by name; default the first, as generateTask picks) can call
   * tools — function calling on and a mode its family can serve. Async: connections may come from storage.
   */
  isToolCallingSupported(apiPresetName?: string): Promise<boolean>;
  /** SillyTavern/Luker: isToolCallingSupported, and the request type is not `impersonate`, `quiet` or `continue` */
  canPerformToolCalls(type?: string, apiPresetName?: string): Promise<boolean>;
  registerFunctionTool: ToolRegistry['registerFunctionTool'];
  unregisterFunctionTool: ToolRegistry['unregisterFunctionTool'];
  registry: ToolRegistry;
  GenerateTaskError: typeof GenerateTaskError;
}

/** The front door, the way Luker's extensions get `getContext()`: one object holding the whole API. */
export function createRuntime(options: RuntimeOptions): Runtime {
  const { registry = new ToolRegistry(), ...context } = options;
  // `auto` remembers per connection + model which tool mode works; the server passes a persistent one
  const ctx: GenerateContext = {
    ...context,
    toolModeMemory: context.toolModeMemory ?? createToolModeMemory(),
  };
  const generateTaskStream = (o: GenerateTaskOptions) => generateTaskStreamWith(ctx, o);
  const isToolCallingSupported = async (apiPresetName?: string) => {
    const connections = (await resolveSource(ctx.connections)) ?? [];
    const connection = apiPresetName ? connections.find((c) => c.name === apiPresetName) : connections[0];
    return connectionCanCallTools(connection, ctx.adapters);
  };
  return {
    generateTask: (o) => generateTaskWith(ctx, o),
    generateTaskStream,
    runToolLoop: (o) =>
      runToolLoopWith(o.stream === false ? (g) => nonStreaming(ctx, g) : generateTaskStream, {
        ...o,
        registry: o.registry ?? registry,
      }),
    connectionProfiles: {
      async list() {
        const connections = (await resolveSource(ctx.connections)) ?? [];
        return connections.map(({ apiKey, headers: _headers, ...rest }) => ({
          ...rest,
          hasApiKey: Boolean(apiKey),
        }));
      },
    },
    isToolCallingSupported,
    async canPerformToolCalls(type, apiPresetName) {
      if (type !== undefined && NO_TOOL_CALL_TYPES.includes(type)) return false;
      return isToolCallingSupported(apiPresetName);
    },
    registerFunctionTool: registry.registerFunctionTool.bind(
      registry,
    ) as ToolRegistry['registerFunctionTool'],
    unregisterFunctionTool: registry.unregisterFunctionTool.bind(registry),
    registry,
    GenerateTaskError,
  };
}

/** Non-streaming requests as an event source: the result is the only event. */
async function* nonStreaming(
  ctx: GenerateContext,
  options: GenerateTaskOptions,
): AsyncGenerator<GenerateEvent> {
  yield { type: 'result', result: await generateTaskWith(ctx, options) };
}
