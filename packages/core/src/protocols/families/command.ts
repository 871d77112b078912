import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import { matchFence } from '../text-markers.js';
import type { FamilyParser } from './family.js';
import { JsonOpenState, wrapperTag } from './hermes.js';

/** `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": .., "parameters": {..}}, …]<|END_ACTION|>` */
const START_ACTION: MarkerSpec = {
  open: '<|START_ACTION|>',
  enter: (ctx, at, length) => {
    ctx.state = new JsonOpenState(take(ctx, at + length), '<|END_ACTION|>', 'command');
  },
};

/** Longest run of spaces between `Action:` and its fence. */
const MAX_GAP = 16;

/**
 * Command R / R+ (2024): `Action: ```json` on a line of its own, then the JSON list of actions and the closing
 * fence. Read only where the family is preferred: elsewhere "Action:" at a line start is just a word, and the
 * fenced list still counts as a call (with the label left as text).
 */
const ACTION_FENCE: MarkerSpec = {
  open: 'Action:',
  lineStart: true,
  tail: (buf, at, final) => {
    let i = at;
    while (i < buf.length && (buf.charCodeAt(i) === 32 || buf.charCodeAt(i) === 9)) {
      if (i - at >= MAX_GAP) return 'no';
      i++;
    }
    if (i >= buf.length) return final ? 'no' : 'partial';
    const m = matchFence(buf, i, final);
    return typeof m === 'number' ? i - at + m : m;
  },
  enter: (ctx, at, length) => {
    const prefix = take(ctx, at + length);
    ctx.state = new JsonRegionState(ctx, { format: 'command', triggered: false, prefix, closer: '```' });
  },
};

/** The answer's special tokens are layout (unmistakable, so dropped whichever family is preferred). */
const RESPONSE_TAGS = [wrapperTag('<|START_RESPONSE|>'), wrapperTag('<|END_RESPONSE|>')];

/**
 * Cohere Command R7B / Command A: the plan in `<|START_THINKING|>…<|END_THINKING|>` (reasoning, read as
 * for every family), the calls as a JSON list of actions, the answer in `<|START_RESPONSE|>…<|END_RESPONSE|>`
 * (layout). Command R / R+ write the same list after `Action:` in a JSON fence.
 */
export const commandFamily: FamilyParser = {
  id: 'command',
  markers: ({ preferred }) => [START_ACTION, ...RESPONSE_TAGS, ...(preferred ? [ACTION_FENCE] : [])],
};
