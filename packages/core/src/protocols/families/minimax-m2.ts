import { InvokeBlockState, type InvokeDialect } from '../invoke-block.js';
import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import type { FamilyParser } from './family.js';

const MINIMAX_M2: InvokeDialect = {
  format: 'minimax-m2',
  invoke: '<invoke name="',
  nameEnd: '"',
  params: {
    format: 'minimax-m2',
    open: '<parameter name="',
    keyEnd: '"',
    valueOpen: '>',
    close: '</parameter>',
    ends: ['</invoke>', '</minimax:tool_call>'],
    // values sit inline: their whitespace is data
    trimNewlines: false,
  },
  invokeClose: '</invoke>',
  blockClose: '</minimax:tool_call>',
  skip: [],
  junk: 'end',
  jsonBody: false,
};

const TAG: MarkerSpec = {
  open: '<minimax:tool_call>',
  enter: (ctx, at, length) => {
    ctx.state = new InvokeBlockState(MINIMAX_M2, take(ctx, at + length));
  },
};

/** MiniMax-M2: `<minimax:tool_call><invoke name="NAME"><parameter name="KEY">v</parameter></invoke>…`. */
export const minimaxM2Family: FamilyParser = { id: 'minimax-m2', markers: () => [TAG] };
