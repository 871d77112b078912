import type { LogEntry } from '../sandbox/types.js';

/** A JSON Schema document (draft 2020-12). Kept loose: Ajv checks it against the meta-schema. */
export type JsonSchema = Record<string, unknown>;

/** A tool as sent to a model. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export type ToolMode = 'read' | 'write';
export type ToolKind = 'script' | 'static' | 'webhook' | 'native';
export type ToolLayer = 'builtin' | 'extension' | 'bridged' | 'custom';

/** One definition shape for every channel (see design.md, "Tool model"). */
export interface ToolDefinition {
  name: string;
  displayName?: string;
  description: string;
  parameters: JsonSchema;
  mode: ToolMode;
  kind: ToolKind;
  /** script: the inside of `async (args, ctx) => { ... }` */
  body?: string;
  /** script write tools: run instead of `body` when simulating */
  simulateBody?: string;
  /** static: the fixed text (empty → `OK`) */
  staticResult?: string;
  /** webhook: where the call is POSTed */
  webhookUrl?: string;
  /** webhook/script: send the hidden chat context */
  includeHiddenContext?: boolean;
  /** script: may call `fetch(url, init)`; the host sends it under the webhook URL policy (Luker scripts) */
  allowFetch?: boolean;
  enabled: boolean;
}

export interface FieldError {
  field: string;
  message: string;
}

export type ValidationResult = { ok: true } | { ok: false; errors: FieldError[] };

/** A call the model asked for. `args` is an object or the raw JSON text the model produced. */
export interface ToolCall {
  id?: string;
  name: string;
  args: unknown;
}

export type ToolErrorCode =
  | 'unknown_tool'
  | 'disabled'
  | 'not_allowed'
  | 'invalid_arguments'
  | 'tool_error'
  | 'timeout'
  | 'aborted'
  | 'not_supported'
  /** the tool loop stopped before running the call (repeated call, unfinished answer); the message says why */
  | 'not_run'
  /** the user (or the approval timeout) did not allow the call: it never ran */
  | 'denied';

export interface ToolError {
  code: ToolErrorCode;
  message: string;
  hint?: string;
  details?: unknown;
}

// LogEntry lives with the sandbox that produces it (the sandbox sits below tools); re-exported for callers here.
export type { LogEntry } from '../sandbox/types.js';

/** A file a tool returned beside its result (base64 data), e.g. an image from an MCP tool. */
export interface ToolAttachment {
  type: 'image' | 'audio' | 'resource';
  mimeType: string;
  /** base64 */
  data: string;
  /** resources: the URI the server gave */
  uri?: string;
}

interface EnvelopeFlags {
  durationMs: number;
  /** the call ran in simulation mode (write tools did not touch real state) */
  simulated?: boolean;
  /** a write tool in simulation with no simulate body: the result is a placeholder */
  unvalidated?: boolean;
  /** a stealth tool: callers neither store the result in the chat nor trigger a follow-up generation */
  stealth?: boolean;
  /** console output captured from a script tool */
  logs?: LogEntry[];
  /** files the tool returned beside its result (native tools answering with a ToolOutput) */
  attachments?: ToolAttachment[];
}

export type ToolResultEnvelope =
  | ({ ok: true; result: unknown } & EnvelopeFlags)
  | ({ ok: false; error: ToolError } & EnvelopeFlags);
