// The AI Iteration Studio in a real browser against the built server and the emulator: a goal, the authoring
// agent's proposals as review cards (diff of body and schema, dry run, "arrives switched off"), Accept →
// the profile changed → Undo, an edited card, Accept all, and current-vs-proposed runs — desktop and phone.
import { openaiChunk, openaiStream, type RecordedRequest, type ScriptedResponse } from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile({ CUSTOM_TOOL_SCRIPT_ENABLED: 'true' });

type Call = { id: string; name: string; args: unknown };
function answer(reply: { text?: string; calls?: Call[] }): ScriptedResponse {
  const chunks: unknown[] = [openaiChunk({ role: 'assistant', content: '' })];
  if (reply.text) chunks.push(openaiChunk({ content: reply.text }));
  (reply.calls ?? []).forEach((call, index) => {
    chunks.push(
      openaiChunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.args) },
          },
        ],
      }),
    );
  });
  chunks.push(openaiChunk({}, { finishReason: reply.calls?.length ? 'tool_calls' : 'stop' }));
  return openaiStream(chunks);
}
const systemText = (r: RecordedRequest) =>
  (r.body as { messages: Array<{ role: string; content: unknown }> }).messages
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');
const toolTurns = (r: RecordedRequest) =>
  (r.body as { messages: Array<{ role: string }> }).messages.filter((m) => m.role === 'assistant').length;
const profileNow = async () =>
  (await (await fetch(`${app.stack.serverUrl}/api/orchestration`)).json()) as {
    tools: Array<{ name: string; enabled: boolean; staticResult?: string }>;
    modes: { loop: { tools?: Record<string, boolean> } };
  };
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

const trackGold = {
  name: 'track_gold',
  description: 'Records the party gold.',
  parameters: { type: 'object', properties: { amount: { type: 'integer' } }, required: ['amount'] },
  mode: 'write',
  kind: 'script',
  body: 'await ctx.variables.set("gold", args.amount);\nreturn { gold: args.amount };',
  simulateBody: 'return { wouldSet: args.amount, messages: ctx.chat.length };',
};

beforeAll(async () => {
  const connectionId = (
    await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'emulated',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'emulated-model',
      apiKey: 'sk-e2e',
    })
  ).id;
  await apiPost(app.stack, '/api/chats', { title: 'Caravan', connectionId });
  const put = await fetch(`${app.stack.serverUrl}/api/orchestration`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
    body: JSON.stringify({
      tools: [
        {
          name: 'gold_count',
          description: 'How much gold the party has.',
          parameters: { type: 'object', properties: {} },
          mode: 'read',
          kind: 'static',
          staticResult: '12 gold',
          enabled: true,
        },
      ],
      loop: { agent: { name: 'planner', systemPrompt: 'PLANNER: plan.', tools: [] } },
    }),
  });
  if (!put.ok) throw new Error(`PUT /api/orchestration → ${put.status}: ${await put.text()}`);
  app.stack.emulator.on('/v1/chat/completions', (request) => {
    const system = systemText(request);
    if (system.includes('PLANNER')) return answer({ text: 'Notes for the reply.' });
    if (!system.includes('authoring agent'))
      return { status: 500, json: { error: { message: 'unscripted' } } };
    const turn = toolTurns(request);
    if (turn === 0)
      return answer({
        calls: [
          { id: 's', name: 'set', args: { tool: trackGold, reason: 'Keep the gold in a variable.' } },
          {
            id: 'p',
            name: 'patch',
            args: {
              name: 'gold_count',
              edits: [{ field: 'staticResult', find: '12 gold', replace: '30 gold' }],
              schemaPatch: [{ op: 'add', path: '/properties/who', value: { type: 'string' } }],
              reason: 'The wagon sold for 30.',
            },
          },
          {
            id: 't',
            name: 'toggle',
            args: { name: 'roll_dice', on: false, mode: 'loop', reason: 'No dice needed.' },
          },
        ],
      });
    if (turn === 1)
      return answer({
        calls: [{ id: 'd', name: 'dry_run', args: { name: 'track_gold', args: { amount: 30 } } }],
      });
    return answer({ text: 'I proposed a gold tracker, updated the count and switched dice off.' });
  });
});

describe('AI Iteration Studio in a real browser', () => {
  it('proposal → review card → accept → profile changed → undo; edit; accept all; compare runs', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/#/studio');
    const start = page.getByRole('form', { name: 'New Studio session' });
    await poll(() => start.getByLabel('Chat').inputValue()).not.toBe('');
    await start.getByLabel('Goal').fill("Make the planner track the party's gold.");
    await start.getByRole('button', { name: 'Start' }).click();

    const cards = page.getByRole('list', { name: 'Proposals' });
    const setCard = cards.getByRole('listitem', { name: 'Proposal: Create script tool track_gold' });
    await poll(() => setCard.isVisible(), { timeout: 30_000 }).toBe(true);
    await poll(() => page.getByRole('list', { name: 'Conversation' }).textContent()).toContain(
      'I proposed a gold tracker',
    );
    // the card: reason, body and schema diffs, the dry run in the chat's context, arrives switched off
    await poll(() => setCard.textContent()).toContain('Keep the gold in a variable.');
    await poll(() => setCard.getByRole('region', { name: 'Body diff', exact: true }).textContent()).toContain(
      '+ await ctx.variables.set("gold", args.amount);',
    );
    await poll(() =>
      setCard.getByRole('region', { name: 'Schema diff', exact: true }).textContent(),
    ).toContain('"amount"');
    await poll(() => setCard.getByRole('region', { name: 'Dry runs' }).textContent()).toContain(
      '"wouldSet": 30',
    );
    await poll(() => setCard.textContent()).toContain('Arrives switched off');
    const patchCard = cards.getByRole('listitem', { name: 'Proposal: Edit profile tool gold_count' });
    await poll(() => patchCard.getByRole('region', { name: 'Static result diff' }).textContent()).toContain(
      '+ 30 gold',
    );
    await poll(() =>
      patchCard.getByRole('region', { name: 'Schema diff', exact: true }).textContent(),
    ).toContain('+     "who": {');
    // nothing changed yet
    expect((await profileNow()).tools.map((t) => t.name)).toEqual(['gold_count']);
    await screenshot(page, 'studio-review-desktop');

    // Accept one → the profile has the new tool, switched off → Undo puts it back
    await setCard.getByRole('button', { name: 'Accept' }).click();
    await poll(() => setCard.textContent()).toContain('Accepted');
    await poll(async () => (await profileNow()).tools.map((t) => [t.name, t.enabled])).toEqual([
      ['gold_count', true],
      ['track_gold', false],
    ]);
    const applied = page.getByRole('status').filter({ hasText: 'Applied to the profile' });
    await applied.getByRole('button', { name: 'Undo' }).click();
    await poll(async () => (await profileNow()).tools.map((t) => t.name)).toEqual(['gold_count']);
    await poll(() => page.getByRole('status').filter({ hasText: 'Undone' }).isVisible()).toBe(true);
    await poll(() => setCard.textContent()).toContain('Pending review');
    const history = page.getByRole('region', { name: 'Profile history' });
    await poll(() => history.textContent()).toContain(
      'Accepted in the Studio: Create script tool track_gold',
    );
    // the undo is in the history too, naming the version it went back to (in the page's language)
    await poll(() => history.textContent()).toContain('Restored the version of');

    // Edit the toggle card: keep dice on for the loop
    const toggleCard = cards.getByRole('listitem', {
      name: 'Proposal: Switch off roll_dice for the loop mode',
    });
    await toggleCard.getByRole('button', { name: 'Edit' }).click();
    const editor = toggleCard.getByLabel('The change (JSON)');
    const change = JSON.parse(await editor.inputValue());
    await editor.fill(JSON.stringify({ ...change, on: true }, null, 2));
    await toggleCard.getByRole('button', { name: 'Save edit' }).click();
    const edited = cards.getByRole('listitem', { name: 'Proposal: Switch on roll_dice for the loop mode' });
    await poll(() => edited.textContent()).toContain('Edited by you.');

    // Compare current and proposed runs, then accept everything pending at once
    const compare = page.getByRole('region', { name: 'Compare runs' });
    await compare.getByRole('button', { name: 'Simulate both' }).click();
    await poll(() => compare.getByRole('region', { name: 'Proposed profile' }).textContent(), {
      timeout: 30_000,
    }).toContain('Notes for the reply.');
    await poll(() => compare.getByRole('region', { name: 'Current profile' }).textContent()).toContain(
      'Loop agent: planner',
    );
    await page.getByRole('button', { name: 'Accept all (3)' }).click();
    await poll(async () => {
      const p = await profileNow();
      return [
        p.tools.map((t) => [t.name, t.enabled]),
        p.tools.find((t) => t.name === 'gold_count')?.staticResult,
        p.modes.loop.tools,
      ];
    }).toEqual([
      [
        ['gold_count', true],
        ['track_gold', false],
      ],
      '30 gold',
      { roll_dice: true },
    ]);
    await screenshot(page, 'studio-accepted-desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() => noSideScroll(page)).toBe(true);
    await screenshot(page, 'studio-phone');
    await context.close();
  });
});
