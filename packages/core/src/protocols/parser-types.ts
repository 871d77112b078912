import type { JsonSchema } from '../tools/types.js';

/** Where a parsed call came from. */
export type TextCallFormat = 'xml' | 'json' | 'hermes' | 'qwen3-coder' | 'mistral' | 'llama' | 'fenced-json';

/**
 * Why a call written in text was not accepted. `unknown_tool` is only reported for calls made through the
 * trigger protocol (or next to an accepted call); stray unknown names elsewhere are plain content.
 */
export type TextProtocolErrorKind =
  | 'truncated'
  | 'invalid_json'
  | 'invalid_arguments'
  | 'forbidden_key'
  | 'unknown_tool'
  | 'malformed';

export interface TextProtocolError {
  kind: TextProtocolErrorKind;
  message: string;
  format: TextCallFormat;
  /** the tool name, when the model got that far */
  name?: string;
  /** the argument text (or the call text) as the model wrote it */
  raw: string;
}

export interface ParsedTextToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** the arguments as the model wrote them (JSON text; for Qwen3-Coder the JSON of the gathered parameters) */
  raw: string;
  format: TextCallFormat;
}

export interface TextToolCallParseResult {
  /** everything that is not a call, in order (think blocks included verbatim) */
  content: string;
  calls: ParsedTextToolCall[];
  errors: TextProtocolError[];
}

/** What the parser needs to know about a tool: its name, and its schema for typing Qwen3-Coder values. */
export interface TextParserTool {
  name: string;
  parameters?: JsonSchema;
}

export interface TextParserOptions {
  tools: readonly TextParserTool[];
  /** the live trigger; without it any `<Function_XXXX_Start/>` line counts */
  trigger?: string;
  /** call ids; default `call_<random>_<index>` */
  createId?: (index: number) => string;
}
