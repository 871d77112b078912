import { InvokeBlockState } from '../invoke-block.js';
import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import { TokenBlockState, type TokenDialect } from '../token-block.js';
import { dsmlDialect } from './dsml.js';
import type { FamilyParser } from './family.js';

/**
 * DeepSeek V3 / R1: `<｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME` + a fenced JSON block; V3.1 and
 * V3.2-Exp: `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}`; both inside `<｜tool▁calls▁begin｜>…<｜tool▁calls▁end｜>`.
 */
const DEEPSEEK: TokenDialect = {
  format: 'deepseek',
  callOpen: '<｜tool▁call▁begin｜>',
  sep: '<｜tool▁sep｜>',
  callClose: '<｜tool▁call▁end｜>',
  blockClose: '<｜tool▁calls▁end｜>',
  head: (text) => (text === 'function' ? '' : /^[A-Za-z0-9_.-]+$/.test(text) ? text : undefined),
};

/** DeepSeek V3.2: DSML calls in `<｜DSML｜function_calls>`; V4 the same in `<｜DSML｜tool_calls>`. */
const DSML_BLOCKS = ['function_calls', 'tool_calls'].map((wrapper) => ({
  open: `<｜DSML｜${wrapper}>`,
  dialect: dsmlDialect('DSML', wrapper, 'deepseek'),
}));

const MARKERS: MarkerSpec[] = [
  {
    open: '<｜tool▁calls▁begin｜>',
    enter: (ctx, at, length) => {
      ctx.state = new TokenBlockState(DEEPSEEK, take(ctx, at + length));
    },
  },
  {
    // R1 distills sometimes leave out the block token
    open: '<｜tool▁call▁begin｜>',
    enter: (ctx, at, length) => {
      ctx.state = new TokenBlockState(DEEPSEEK, take(ctx, at + length), true);
    },
  },
  ...DSML_BLOCKS.map(
    ({ open, dialect }): MarkerSpec => ({
      open,
      enter: (ctx, at, length) => {
        ctx.state = new InvokeBlockState(dialect, take(ctx, at + length));
      },
    }),
  ),
];

export const deepseekFamily: FamilyParser = { id: 'deepseek', markers: () => MARKERS };
