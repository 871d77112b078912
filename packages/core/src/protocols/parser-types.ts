import type { ReasoningTags } from '../providers/types.js';
import type { JsonSchema } from '../tools/types.js';
import type { ToolCallFamily, ToolCallFormat } from './tool-call-formats.js';

export type { ReasoningTags } from '../providers/types.js';
export type { ToolCallFamily, ToolCallFormat } from './tool-call-formats.js';

/**
 * Where a parsed call came from: the trigger protocol (`xml`, `json`), fenced JSON, bare Llama JSON
 * (`llama`), or the family whose markup it was written in.
 */
export type TextCallFormat = 'xml' | 'json' | 'llama' | 'fenced-json' | ToolCallFamily;

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
  /** everything that is neither a call nor reasoning, in order */
  content: string;
  /** what the model wrote in `<think>` (and similar) blocks or a harmony analysis channel */
  reasoning: string;
  calls: ParsedTextToolCall[];
  errors: TextProtocolError[];
  /**
   * A reasoning block's closing tag (`</think>`) the reply wrote after text without ever opening the block:
   * that text, kept as content, is most likely reasoning, and the model's template opens the block for the
   * reply (tell the parser with `openReasoning`; a connection with `replyStartsInReasoning`). Absent otherwise.
   */
  loneReasoningClose?: string;
}

/** What the parser needs to know about a tool: its name, and its schema for typing Qwen3-Coder values. */
export interface TextParserTool {
  name: string;
  parameters?: JsonSchema;
}

/** A tool as a text parser takes it: ours, or OpenAI's `{ type: 'function', function: { name, parameters } }`. */
export type TextParserToolInput = TextParserTool | { type: 'function'; function: TextParserTool };

export interface TextParserOptions {
  tools: readonly TextParserToolInput[];
  /** the live trigger; without it any `<Function_XXXX_Start/>` line counts */
  trigger?: string;
  /** call ids; default `call_<random>_<index>` */
  createId?: (index: number) => string;
  /**
   * Which markup to read: `auto` (default) reads every family's markers, strictly where they could be
   * prose; a family id reads that family's markup only (plus the trigger protocol and reasoning tags).
   */
  format?: ToolCallFormat;
  /** the model name: under `auto` a family it names is preferred (its looser forms are read too) */
  model?: string;
  /**
   * The reasoning block the prompt left open, by its opening tag (`<think>`; see `openReasoningTag`): the
   * reply starts as reasoning, up to the block's closing tag.
   */
  openReasoning?: string;
  /**
   * A model's own reasoning tags, read besides the known ones (`<reasoning>` … `</reasoning>`; SillyTavern's
   * reasoning prefix and suffix). `open` starts with `<` or `[` (see `reasoningTagsProblem`).
   */
  reasoningTags?: ReasoningTags;
}

/** How a reply's text is read, besides the tools: what a connection and the prompt say about it. */
export type ReplyMarkup = Pick<TextParserOptions, 'format' | 'model' | 'openReasoning' | 'reasoningTags'>;
