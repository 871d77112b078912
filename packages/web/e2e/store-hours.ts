// The tool and the checks the chat tests of model markup share: a static `store_hours` tool, asked about a store
// whose name has an em dash, accents and Polish quotes, and what a finished reply must show.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { apiPost, poll, type Stack } from './harness.js';

export const STORE = 'Harbour — Café «Mała»';

/** Adds the static `store_hours` tool (it answers "Open 9 to 5"). */
export async function addStoreHoursTool(stack: Stack): Promise<void> {
  await apiPost(stack, '/api/tools', {
    name: 'store_hours',
    description: 'Opening hours of a store.',
    parameters: { type: 'object', properties: { store: { type: 'string' } }, required: ['store'] },
    mode: 'read',
    kind: 'static',
    staticResult: 'Open 9 to 5',
  });
}

/**
 * A reply with one `store_hours` call: its tool card with the decoded arguments and the result, no `markup`,
 * `text` if any, and `reasoning` in the (first) reasoning block, or no reasoning block when there is none.
 */
export async function expectStoreHoursReply(
  answer: Locator,
  expected: { markup: RegExp; text: string; reasoning: string; when: string },
): Promise<void> {
  const card = answer.getByRole('group', { name: 'Tool call store_hours' });
  await poll(() => card.isVisible()).toBe(true);
  const shown = await answer.textContent();
  expect(shown, `${expected.when}: no markup`).not.toMatch(expected.markup);
  if (expected.text) expect(shown).toContain(expected.text);
  if (expected.reasoning) {
    const reasoning = answer.locator('details.reasoning').first();
    if (!(await reasoning.evaluate((d) => (d as HTMLDetailsElement).open))) {
      await reasoning.locator('summary').click();
    }
    await poll(() => reasoning.textContent()).toContain(expected.reasoning);
  } else expect(await answer.locator('details.reasoning').count()).toBe(0);
  // the arguments decoded from the markup, and the result (shown on the card even while it is closed)
  expect(await card.locator('pre').first().textContent()).toContain(STORE);
  expect(await card.textContent()).toContain('Open 9 to 5');
}
