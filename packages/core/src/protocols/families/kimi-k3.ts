import { InvokeBlockState, type InvokeDialect } from '../invoke-block.js';
import type { MarkerSpec } from '../marker-table.js';
import { SkipWhitespaceState, take } from '../parser-context.js';
import type { FamilyParser } from './family.js';

/**
 * Kimi K3's channel markup, built from `<|open|>`, `<|close|>` and `<|sep|>`: `<|open|>think<|sep|>…<|close|>think<|sep|>`
 * (reasoning: a THINK_TAGS pair), `<|open|>response<|sep|>…<|close|>response<|sep|>` (the visible text: its
 * markers are layout), `<|open|>tools<|sep|>` holding `<|open|>call tool="NAME" index="1"<|sep|>` calls of
 * `<|open|>argument key="K" type="string|number|…"<|sep|>v<|close|>argument<|sep|>`, each closed by
 * `<|close|>call<|sep|>`, the channel by `<|close|>tools<|sep|>`; `<|close|>message<|sep|>` ends the turn. Only
 * these channel names are markup: `<|open|>` before any other word is text.
 */
const CALL_CLOSE = '<|close|>call<|sep|>';
const TOOLS_CLOSE = '<|close|>tools<|sep|>';

const KIMI_K3: InvokeDialect = {
  format: 'kimi-k3',
  invoke: '<|open|>call tool="',
  // then ` index="N"` up to the `>` that ends `<|sep|>`
  nameEnd: '"',
  params: {
    format: 'kimi-k3',
    open: '<|open|>argument key="',
    keyEnd: '"',
    valueOpen: '<|sep|>',
    close: '<|close|>argument<|sep|>',
    ends: [CALL_CLOSE, TOOLS_CLOSE],
    // values are written as they are, whitespace included
    trimNewlines: false,
    typeAttribute: 'type',
  },
  invokeClose: CALL_CLOSE,
  blockClose: TOOLS_CLOSE,
  skip: [],
  junk: 'end',
  jsonBody: false,
};

/** A channel marker that is layout: dropped, with the blanks after it where `blanks`. */
function drop(open: string, blanks: boolean): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.pos = at + length;
      if (blanks) ctx.state = new SkipWhitespaceState();
      else ctx.toText();
    },
  };
}

const MARKERS: MarkerSpec[] = [
  {
    open: '<|open|>tools<|sep|>',
    enter: (ctx, at, length) => {
      ctx.state = new InvokeBlockState(KIMI_K3, take(ctx, at + length));
    },
  },
  drop('<|open|>response<|sep|>', false),
  drop('<|close|>response<|sep|>', true),
  drop('<|close|>message<|sep|>', true),
  drop('<|end_of_msg|>', true),
];

/** Kimi K3: `<|open|>tools<|sep|><|open|>call tool="NAME" index="1"<|sep|><|open|>argument key="K" type="T"<|sep|>v…`. */
export const kimiK3Family: FamilyParser = { id: 'kimi-k3', markers: () => MARKERS };
