import type { HostFunction } from '../sandbox/types.js';
import type { ToolArguments } from './tool-arguments.js';
import type { JsonSchema, ToolDefinition, ToolLayer, ToolMode } from './types.js';

/** What a native tool function receives besides its validated arguments. */
export interface NativeToolContext {
  toolName: string;
  callId?: string;
  /** the caller's context snapshot (chat data) */
  ctx: unknown;
  hostFunctions?: Record<string, HostFunction>;
  simulate: boolean;
  signal?: AbortSignal;
}

export type NativeToolFunction = (args: Record<string, unknown>, context: NativeToolContext) => unknown;

/** A tool as the registry holds it: its definition plus what only trusted code can supply. */
export interface RegisteredTool {
  definition: ToolDefinition;
  layer: ToolLayer;
  /** custom tools: the scope that owns the tool (visible there and in its descendants) */
  scope?: string;
  /** native: the function that runs the tool */
  run?: NativeToolFunction;
  /** native write tools: runs instead of `run` in simulation */
  simulate?: NativeToolFunction;
  /** SillyTavern/Luker: the text shown while the tool runs */
  formatMessage?: (args: Record<string, unknown>) => unknown;
  /** SillyTavern/Luker: awaited each time a tool list is built; false leaves the tool out */
  shouldRegister?: () => unknown;
  /** the result is neither stored in the chat nor followed by another generation */
  stealth: boolean;
}

export interface RegisterOptions {
  /** default `custom` */
  layer?: ToolLayer;
  /** custom tools only; default `global` */
  scope?: string;
  run?: NativeToolFunction;
  simulate?: NativeToolFunction;
  formatMessage?: (args: Record<string, unknown>) => unknown;
  shouldRegister?: () => unknown;
  stealth?: boolean;
}

/**
 * `registerFunctionTool({ ... })`, the SillyTavern/Luker extension surface. Written inline, `parameters` types
 * the action's arguments (`{ sides: { type: 'integer' } }` → `sides: number`; see tool-arguments.ts).
 */
export interface FunctionToolRegistration<S extends JsonSchema = JsonSchema> {
  name: string;
  displayName?: string;
  description: string;
  parameters?: S;
  action: (args: ToolArguments<S>, context: NativeToolContext) => unknown;
  formatMessage?: (args: ToolArguments<S>) => unknown;
  shouldRegister?: () => unknown;
  stealth?: boolean;
  /** not in SillyTavern: function tools are treated as `write` (not run in simulation) unless told */
  mode?: ToolMode;
}

/** `registerOrchestrationTool({ ... })`, Luker's orchestrator surface; `parameters` types `exec`'s arguments. */
export interface OrchestrationToolRegistration<S extends JsonSchema = JsonSchema> {
  name: string;
  displayName?: string;
  description: string;
  parameters?: S;
  exec: (args: ToolArguments<S>, context: NativeToolContext) => unknown;
  mode: ToolMode;
  simulate?: (args: ToolArguments<S>, context: NativeToolContext) => unknown;
}

export interface RegistryLogger {
  warn(message: string): void;
}

/** The OpenAI-style tool entry sent to a model. */
export interface OpenAiTool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}
