/**
 * Tools, calls and renderers for the per-family model outputs. Each renderer writes a call the way the
 * family's published chat template (or documented output format) does; the outputs themselves are in
 * family-outputs-*.ts.
 */
import type { TextParserTool, ToolCallFamily } from '../parser-types.js';

export const FAMILY_TOOLS: TextParserTool[] = [
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        units: { type: 'string', enum: ['c', 'f'] },
      },
      required: ['city'],
    },
  },
  {
    name: 'write_note',
    parameters: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        body: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        meta: { type: 'object' },
      },
    },
  },
  { name: 'ping', parameters: { type: 'object', properties: {} } },
  {
    name: 'set_alarm',
    parameters: {
      type: 'object',
      properties: {
        time: { type: 'string' },
        repeat: { type: 'boolean' },
        volume: { anyOf: [{ type: 'number' }, { type: 'null' }] },
        label: { type: ['string', 'null'] },
        code: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    },
  },
];

export interface Call {
  name: string;
  args: Record<string, unknown>;
}

export interface FamilyCase {
  family: ToolCallFamily;
  label: string;
  text: string;
  calls: Call[];
  content: string;
  reasoning?: string;
  /** the reasoning the prompt left open for the reply (TextParserOptions.openReasoning) */
  openReasoning?: string;
  /** error kinds, in order */
  errors?: string[];
  /**
   * the content under `auto` with no model name, where it differs: a label only the chosen or named family
   * reads as markup (Command R's `Action:`) stays text there
   */
  autoContent?: string;
  /** the reasoning under `auto` with no model name, where it differs (Granite 3.2's headers are words there) */
  autoReasoning?: string;
  /**
   * the calls under `auto` with no model name, where they differ: HyperCLOVAX's JSON-encoded string values
   * are read as GLM writes values there, quotes kept
   */
  autoCalls?: Call[];
}

export const WEATHER: Call = { name: 'get_weather', args: { city: 'Paris', days: 3 } };
export const OSLO: Call = { name: 'get_weather', args: { city: 'Oslo' } };
export const PING: Call = { name: 'ping', args: {} };
export const UNICODE: Call = {
  name: 'write_note',
  args: { title: 'Café ☕ 東京', body: 'line1\nline2 "quoted" \\ back', tags: ['ü', '😀'] },
};
export const NESTED: Call = {
  name: 'write_note',
  args: { title: 'Plan', meta: { a: { b: [1, 2, { c: null }] }, ok: true } },
};
export const ALARM: Call = {
  name: 'set_alarm',
  args: { time: '07:30', repeat: true, volume: null, label: 'wake up', code: '0042' },
};

/** Python's json.dumps spacing (`{"a": 1, "b": [1, 2]}`), optionally ASCII-escaped like its default. */
export function dumps(value: unknown, ascii = false): string {
  if (Array.isArray(value)) return `[${value.map((v) => dumps(v, ascii)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${dumps(k, ascii)}: ${dumps(v, ascii)}`);
    return `{${entries.join(', ')}}`;
  }
  const json = JSON.stringify(value);
  return ascii
    ? json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : json;
}

/** `{"name": .., "arguments": ..}` (or another key for the arguments). */
export function jsonCall(call: Call, argsKey = 'arguments', ascii = false): string {
  return dumps({ name: call.name, [argsKey]: call.args }, ascii);
}

/** A value as tagged-text families write it: strings as they are, anything else as JSON. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Python's repr of a JSON value (single quotes, True/False/None). */
export function repr(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string')
    return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (Array.isArray(value)) return `[${value.map(repr).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as object)
      .map(([k, v]) => `${repr(k)}: ${repr(v)}`)
      .join(', ')}}`;
  }
  return String(value);
}

export function pyCall(call: Call): string {
  return `${call.name}(${Object.entries(call.args)
    .map(([k, v]) => `${k}=${repr(v)}`)
    .join(', ')})`;
}

/** Gemma 4 / FunctionGemma argument syntax: bare keys, strings between `quote` markers. */
export function gemmaValue(value: unknown, quote: string): string {
  if (typeof value === 'string') return `${quote}${value}${quote}`;
  if (Array.isArray(value)) return `[${value.map((v) => gemmaValue(v, quote)).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}:${gemmaValue(v, quote)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Every parameter as `open KEY mid VALUE close`, in order. */
export function params(call: Call, open: string, mid: string, close: string, sep = ''): string {
  return Object.entries(call.args)
    .map(([k, v]) => `${open}${k}${mid}${text(v)}${close}${sep}`)
    .join('');
}

/** The text cut off `n` characters before its end (a truncated last call). */
export function cut(full: string, n: number): string {
  return full.slice(0, full.length - n);
}
