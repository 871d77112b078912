import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, take } from '../parser-context.js';
import { TokenBlockState, type TokenDialect } from '../token-block.js';
import type { FamilyParser } from './family.js';

/** `functions.NAME:0`, `NAME:0`, or a bare counter when only one tool is offered. */
function kimiName(text: string, ctx: ParserContext): string | undefined {
  const m = /^(?:functions\.)?([A-Za-z0-9_.-]+?)(?::\d+)?$/.exec(text);
  if (!m) return undefined;
  if (/^\d+$/.test(m[1]) && ctx.tools.size === 1) return [...ctx.tools.keys()][0];
  return m[1];
}

const KIMI: TokenDialect = {
  format: 'kimi-k2',
  callOpen: '<|tool_call_begin|>',
  sep: '<|tool_call_argument_begin|>',
  callClose: '<|tool_call_end|>',
  blockClose: '<|tool_calls_section_end|>',
  head: kimiName,
};

const MARKERS: MarkerSpec[] = [
  {
    open: '<|tool_calls_section_begin|>',
    enter: (ctx, at, length) => {
      ctx.state = new TokenBlockState(KIMI, take(ctx, at + length));
    },
  },
  {
    open: '<|tool_call_begin|>',
    enter: (ctx, at, length) => {
      ctx.state = new TokenBlockState(KIMI, take(ctx, at + length), true);
    },
  },
];

/** Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}<|tool_call_end|>`. */
export const kimiK2Family: FamilyParser = { id: 'kimi-k2', markers: () => MARKERS };
