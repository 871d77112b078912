import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import type { FamilyParser } from './family.js';
import { JsonOpenState } from './hermes.js';

/**
 * LM Studio's own tool-call format: for a model whose chat template has no tool support, LM Studio's system
 * prompt asks for `[TOOL_REQUEST]{"name": .., "arguments": {..}}[END_TOOL_REQUEST]` and turns it into
 * `tool_calls`. A call it could not parse (or any call, through its completions endpoint) stays in the content
 * as written; models keep the convention in later turns too.
 */
const TOOL_REQUEST: MarkerSpec = {
  open: '[TOOL_REQUEST]',
  enter: (ctx, at, length) => {
    ctx.state = new JsonOpenState(take(ctx, at + length), '[END_TOOL_REQUEST]', 'lmstudio');
  },
};

export const lmstudioFamily: FamilyParser = { id: 'lmstudio', markers: () => [TOOL_REQUEST] };
