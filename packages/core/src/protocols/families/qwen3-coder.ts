import { InvokeBlockState, type InvokeDialect } from '../invoke-block.js';
import type { ParamDialect } from '../kv-params.js';
import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import type { TextCallFormat } from '../parser-types.js';
import type { FamilyParser } from './family.js';
import { TOOL_CALL_TAG } from './hermes.js';

function qwenParams(format: TextCallFormat, ends: string[]): ParamDialect {
  return {
    format,
    open: '<parameter=',
    keyEnd: '>',
    close: '</parameter>',
    ends,
    // the template writes `<parameter=k>\nvalue\n</parameter>`
    trimNewlines: true,
  };
}

function qwenDialect(format: TextCallFormat, blockClose: string): InvokeDialect {
  return {
    format,
    invoke: '<function=',
    nameEnd: '>',
    params: qwenParams(format, blockClose ? ['</function>', blockClose] : ['</function>']),
    invokeClose: '</function>',
    blockClose,
    skip: [],
    junk: 'end',
  };
}

/** Inside `<tool_call>`: `<function=NAME><parameter=KEY>v</parameter></function></tool_call>`. */
export const QWEN_IN_TOOL_CALL = qwenDialect('qwen3-coder', '</tool_call>');
/** Seed-OSS wraps the same body in `<seed:tool_call>`. */
export const SEED_OSS = qwenDialect('seed-oss', '</seed:tool_call>');
const QWEN_BARE = qwenDialect('qwen3-coder', '');

/** `<function=NAME>` without the `<tool_call>` wrapper (Qwen3 XML as some servers pass it on). */
const BARE_FUNCTION: MarkerSpec = {
  open: '<function=',
  enter: (ctx, at, length) => {
    ctx.state = new InvokeBlockState(QWEN_BARE, take(ctx, at + length), true);
  },
};

/**
 * Qwen3-Coder / Qwen3 XML. Values are typed from the tool's JSON Schema: a string parameter keeps its
 * text, other types are read as JSON or Python literals.
 */
export const qwen3CoderFamily: FamilyParser = {
  id: 'qwen3-coder',
  markers: () => [TOOL_CALL_TAG, BARE_FUNCTION],
};

const SEED_TOOL_CALL: MarkerSpec = {
  open: '<seed:tool_call>',
  enter: (ctx, at, length) => {
    ctx.state = new InvokeBlockState(SEED_OSS, take(ctx, at + length));
  },
};

/** Seed-OSS: `<seed:tool_call><function=NAME>…</function></seed:tool_call>`; `<seed:think>` is reasoning. */
export const seedOssFamily: FamilyParser = {
  id: 'seed-oss',
  markers: () => [SEED_TOOL_CALL],
};
