import { InvokeBlockState, type InvokeDialect } from '../invoke-block.js';
import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import type { FamilyParser } from './family.js';

const STEP3: InvokeDialect = {
  format: 'step3',
  invoke: '<steptml:invoke name="',
  nameEnd: '"',
  params: {
    format: 'step3',
    open: '<steptml:parameter name="',
    keyEnd: '"',
    valueOpen: '>',
    close: '</steptml:parameter>',
    ends: ['</steptml:invoke>', '<｜tool_calls_end｜>'],
    trimNewlines: false,
  },
  invokeClose: '</steptml:invoke>',
  blockClose: '<｜tool_calls_end｜>',
  // each call is wrapped in begin/end tokens, optionally with `function<｜tool_sep｜>NAME` before it
  skip: ['<｜tool_call_begin｜>', '<｜tool_call_end｜>', '<｜tool_sep｜>'],
  junk: 'drop',
  jsonBody: false,
};

const BLOCK: MarkerSpec = {
  open: '<｜tool_calls_begin｜>',
  enter: (ctx, at, length) => {
    ctx.state = new InvokeBlockState(STEP3, take(ctx, at + length));
  },
};

/** Step-3: `<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="NAME">…<｜tool_calls_end｜>`. */
export const step3Family: FamilyParser = { id: 'step3', markers: () => [BLOCK] };
