import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import type { FamilyParser } from './family.js';
import { JsonOpenState, wrapperTag } from './hermes.js';

/** `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": .., "parameters": {..}}, …]<|END_ACTION|>` */
const START_ACTION: MarkerSpec = {
  open: '<|START_ACTION|>',
  enter: (ctx, at, length) => {
    ctx.state = new JsonOpenState(take(ctx, at + length), '<|END_ACTION|>', 'command');
  },
};

/** The answer's special tokens are layout (unmistakable, so dropped whichever family is preferred). */
const RESPONSE_TAGS = [wrapperTag('<|START_RESPONSE|>'), wrapperTag('<|END_RESPONSE|>')];

/**
 * Cohere Command R7B / Command A: the plan in `<|START_THINKING|>…<|END_THINKING|>` (reasoning, read as
 * for every family), the calls as a JSON list of actions, the answer in `<|START_RESPONSE|>…<|END_RESPONSE|>`
 * (layout).
 */
export const commandFamily: FamilyParser = { id: 'command', markers: () => [START_ACTION, ...RESPONSE_TAGS] };
