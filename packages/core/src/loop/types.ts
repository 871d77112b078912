import type { GeneratedToolCall, GenerateEvent, GenerateTaskOptions } from '../generate/types.js';
import type { ChatMessage, FinishReason, Usage } from '../providers/types.js';
import type { ExecuteToolOptions } from '../tools/execute.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { ToolResultEnvelope } from '../tools/types.js';

export type StoppedBecause =
  /** the model answered without calling a tool */
  | 'completed'
  | 'max_rounds'
  | 'budget'
  | 'aborted'
  | 'repeated_call'
  /** the answer ended with length / content_filter / error / other: its calls were not run */
  | 'finish_reason'
  /** every call of the last round was a stealth tool: no follow-up generation (Luker's rule) */
  | 'stealth';

export interface ToolLoopOptions extends GenerateTaskOptions {
  registry: ToolRegistry;
  /** registry scope whose enabled tools are offered (default `global`) */
  scope?: string;
  /** rounds that may run tools; then one last call without tools (default 10) */
  maxRounds?: number;
  /** the whole run's wall-clock budget */
  wallClockBudgetMs?: number;
  /** run a round's calls concurrently (default true); results always keep call order */
  parallel?: boolean;
  /** upper bound on concurrent calls when parallel (default: all of a round's calls) */
  concurrency?: number;
  simulate?: boolean;
  onEvent?: (event: ToolLoopEvent) => void | Promise<void>;
  /** how many times the same call (name + arguments) may be asked for before the run stops (default 3) */
  repeatLimit?: number;
  /** stream the model's answers (default true) */
  stream?: boolean;
  /** passed to tool execution */
  ctx?: unknown;
  hostFunctions?: ExecuteToolOptions['hostFunctions'];
  sandbox?: ExecuteToolOptions['sandbox'];
  executors?: ExecuteToolOptions['executors'];
  toolTimeoutMs?: number;
  /** asked before each call runs (e.g. the user approves write tools); see ExecuteToolOptions.approve */
  approveToolCall?: ExecuteToolOptions['approve'];
}

export interface ToolResultEvent {
  type: 'tool-result';
  round: number;
  id: string;
  name: string;
  args: Record<string, unknown>;
  envelope: ToolResultEnvelope;
  /** what the model is sent */
  content: string;
}

/** A call about to run, with the text to show meanwhile (the tool's `formatMessage`, or `Invoking tool: NAME`). */
export interface ToolStartEvent {
  type: 'tool-start';
  round: number;
  id: string;
  name: string;
  args: Record<string, unknown>;
  message: string;
}

export type ToolLoopEvent =
  | GenerateEvent
  | ToolResultEvent
  | ToolStartEvent
  | { type: 'round-start'; round: number; final: boolean };

export interface ToolLoopTraceEntry {
  round: number;
  id: string;
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  /** a stealth tool: callers neither store the result in the chat nor show it */
  stealth?: boolean;
  /** the tool's result (ok) */
  result?: unknown;
  /** the failure (not ok) */
  error?: { code: string; message: string; hint?: string };
  durationMs: number;
  simulated: boolean;
  /** a write tool in simulation answered with a placeholder: nothing was checked */
  unvalidated: boolean;
  /** what the tool's `formatMessage` said while it ran (only tools that have one) */
  message?: string;
}

export interface ToolLoopStep {
  round: number;
  /** the call made without tools after maxRounds */
  final: boolean;
  assistantText: string;
  reasoning: string;
  toolCalls: GeneratedToolCall[];
  finishReason: FinishReason;
  mode: string;
  results: ToolResultEnvelope[];
}

export interface ToolLoopResult {
  finalText: string;
  steps: ToolLoopStep[];
  trace: ToolLoopTraceEntry[];
  stoppedBecause: StoppedBecause;
  /** the canonical history: the task messages, then every answer and tool result */
  messages: ChatMessage[];
  usage: Usage;
}

/** How the loop reaches generateTask (the runtime binds its own). */
export type GenerateStreamFn = (options: GenerateTaskOptions) => AsyncIterable<GenerateEvent>;
