import { InvokeBlockState, type InvokeDialect } from '../invoke-block.js';
import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import type { FamilyParser } from './family.js';
import { M3_BLOCK_CLOSE, M3_INVOKE_CLOSE, M3_NS, M3ArgsState } from './minimax-m3-args.js';

/** MiniMax-M2's block, every tag behind the namespace, with its own body reader (arguments named by tags). */
const MINIMAX_M3: InvokeDialect = {
  format: 'minimax-m3',
  invoke: `${M3_NS}<invoke name="`,
  nameEnd: '"',
  // not read: `body` reads the call's arguments
  params: {
    format: 'minimax-m3',
    open: `${M3_NS}<parameter name="`,
    keyEnd: '"',
    valueOpen: '>',
    close: `${M3_NS}</parameter>`,
    ends: [M3_INVOKE_CLOSE, M3_BLOCK_CLOSE],
    trimNewlines: false,
  },
  invokeClose: M3_INVOKE_CLOSE,
  blockClose: M3_BLOCK_CLOSE,
  skip: [],
  junk: 'end',
  jsonBody: false,
  body: (_ctx, call, done) => new M3ArgsState(call, done),
};

/** Starts with `]`, a symbol prose rarely follows with `<`: the fast lane drops `]` look-alikes at once. */
const TAG: MarkerSpec = {
  open: `${M3_NS}<tool_call>`,
  enter: (ctx, at, length) => {
    ctx.state = new InvokeBlockState(MINIMAX_M3, take(ctx, at + length));
  },
};

/**
 * MiniMax-M3: `]<]minimax[>[<tool_call>` then `]<]minimax[>[<invoke name="NAME">` calls whose arguments are
 * tags named by their keys (`]<]minimax[>[<city>Paris]<]minimax[>[</city>`), nested for objects and arrays.
 */
export const minimaxM3Family: FamilyParser = { id: 'minimax-m3', markers: () => [TAG] };
