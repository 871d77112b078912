import { InvokeBlockState } from '../invoke-block.js';
import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import type { FamilyParser } from './family.js';
import { QWEN_BARE, SEED_OSS } from './qwen-dialects.js';
import { TOOL_CALL_TAG } from './tool-call-tag.js';

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
