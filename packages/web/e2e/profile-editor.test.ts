// The orchestration profile editor as forms in a real browser: a spec built from forms (nodes, inputs, a
// pinned tool from the picker with the tool-use reminder, a node override, a mode switch, a profile tool from
// the "Add custom tool" dialog), the JSON view showing exactly that, a JSON edit read back into the forms, a
// broken JSON kept out of them, and the saved profile on the server — at desktop and phone sizes.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot, screenshotDir } from './harness.js';

const app = browserStackForFile();

const staticTool = (name: string, staticResult: string) => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties: {} },
  mode: 'read',
  kind: 'static',
  staticResult,
  enabled: true,
});

beforeAll(async () => {
  await apiPost(app.stack, '/api/connections', {
    name: 'emulated',
    api: 'openai',
    baseUrl: `${app.stack.emulator.url}/v1`,
    model: 'emulated-model',
    apiKey: 'sk-e2e',
  });
  await apiPost(app.stack, '/api/tools', staticTool('gate_status', 'closed'));
  // a character that brings its own tool ("From characters")
  const review = await apiPost<{ importId: string }>(app.stack, '/api/characters/import', {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Mira',
      description: 'A guard.',
      extensions: { toolsmith: { version: 1, tools: [staticTool('mira_mood', 'calm')] } },
    },
  });
  await apiPost(app.stack, `/api/characters/import/${review.importId}/apply`, { withTools: true });
  // a chat that runs the orchestration while its own tool use is off (the pinned-tools reminder names it)
  await apiPost(app.stack, '/api/chats', {
    title: 'Night watch',
    settings: { toolUse: false, orchestration: { enabled: true } },
  });
});

const readJson = async (page: Page) => {
  const form = page.getByRole('form', { name: 'Orchestration profile' });
  await form.getByRole('tab', { name: 'JSON (advanced)' }).click();
  return JSON.parse(await form.getByLabel('Profile JSON').inputValue());
};
/** A dialog is fixed to the viewport: shoot the viewport, not the whole page. */
const viewportShot = (page: Page, name: string) =>
  page.screenshot({ path: join(screenshotDir, `${name}.png`) });
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('orchestration profile editor', () => {
  it('builds a spec in the forms, round-trips it through the JSON view and saves it', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/#/agents');
    const form = page.getByRole('form', { name: 'Orchestration profile' });
    await poll(() => form.getByRole('tab', { name: 'Forms' }).getAttribute('aria-selected')).toBe('true');
    await form.getByRole('radio', { name: /Spec \(node graph\)/ }).check();

    // Node 1: scout, on the emulated connection, with gate_status pinned from the picker
    await form.getByRole('button', { name: 'Add node' }).click();
    const first = form.locator('.node-card').nth(0);
    await first.getByLabel('Name', { exact: true }).fill('scout');
    await first.getByLabel('Connection').selectOption('emulated');
    await first.getByLabel('System prompt').fill('SCOUT: look around.');
    const picker = first.getByRole('group', { name: 'Pinned tools of Agent of scout' });
    // the shared tool picker offers only tools that exist, in their groups
    await picker.getByRole('button', { name: 'Pinned tools of Agent of scout: choose tools' }).click();
    const pinDialog = page.getByRole('dialog', { name: 'Pinned tools of Agent of scout' });
    expect(await pinDialog.getByRole('group', { name: 'Built-in' }).getByLabel('roll_dice').isVisible()).toBe(
      true,
    );
    expect(
      await pinDialog.getByRole('group', { name: 'Mira’s tools' }).getByLabel('mira_mood').isVisible(),
    ).toBe(true);
    await pinDialog.getByRole('group', { name: 'Custom' }).getByLabel('gate_status').check();
    await pinDialog.getByRole('button', { name: 'Apply' }).click();
    await poll(() => picker.getByRole('list').textContent()).toContain('gate_status');
    await poll(() => picker.getByRole('note').textContent()).toContain('Tool use is off in Night watch');

    // Node 2: plan reads scout; its override switches roll_dice off for it alone
    await form.getByRole('button', { name: 'Add node' }).click();
    const second = form.locator('.node-card').nth(1);
    await second.getByLabel('Name', { exact: true }).fill('plan');
    await second.getByLabel('Task').fill('Make the plan.');
    await second.getByRole('group', { name: 'Inputs of plan' }).getByLabel('scout').check();
    await second.getByText('Tool overrides of plan').click();
    const overrides = second.getByRole('group', { name: 'Tool overrides of plan: Built-in' });
    await overrides.getByLabel('roll_dice').uncheck();
    await poll(() => overrides.textContent()).toContain('override');
    const fromCharacters = second.getByRole('group', { name: 'Tool overrides of plan: From characters' });
    expect(await fromCharacters.getByLabel('mira_mood').isChecked()).toBe(true);

    // The mode's own switches: get_current_time off for every node of the spec
    const modeTools = form.getByRole('group', { name: 'Tools of the Spec (node graph) mode: Built-in' });
    await modeTools.getByLabel('get_current_time').uncheck();

    // A profile tool from the Functions page's editor, in a dialog
    await form.getByRole('button', { name: 'Add custom tool' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add custom tool' });
    await dialog.getByLabel('Technical name').fill('weather');
    await dialog.getByLabel('Description').fill('The weather at the gate.');
    await dialog.getByLabel('Static result').fill('rainy');
    await viewportShot(page, 'profile-editor-add-tool');
    await dialog.getByRole('button', { name: 'Add to profile' }).click();
    await poll(() => form.getByRole('listitem', { name: 'Profile tool weather' }).isVisible()).toBe(true);
    await poll(() =>
      form.getByRole('group', { name: 'Tools of the Spec (node graph) mode: Custom' }).textContent(),
    ).toContain('weatherprofile');
    await screenshot(page, 'profile-editor-desktop');

    // The JSON view says exactly what the forms built
    const json = await readJson(page);
    expect(json.mode).toBe('spec');
    expect(json.spec.nodes).toEqual([
      {
        name: 'scout',
        agent: {
          name: 'scout',
          systemPrompt: 'SCOUT: look around.',
          tools: ['gate_status'],
          connectionName: 'emulated',
        },
        inputs: [],
      },
      {
        name: 'plan',
        task: 'Make the plan.',
        agent: { name: 'plan', systemPrompt: '', tools: [] },
        inputs: ['scout'],
        toolOverrides: { roll_dice: false },
      },
    ]);
    expect(json.modes.spec).toEqual({ custom: true, builtin: true, tools: { get_current_time: false } });
    expect(json.tools).toEqual([
      expect.objectContaining({ name: 'weather', kind: 'static', staticResult: 'rainy', enabled: true }),
    ]);

    // An edit in the JSON view shows up in the forms
    json.spec.nodes[1].task = 'Plan the entry.';
    json.limits = { maxRounds: 3 };
    const text = form.getByLabel('Profile JSON');
    await text.fill(JSON.stringify(json, null, 2));
    // broken JSON stays in its tab, with the reason
    await text.fill('{ "mode": ');
    await form.getByRole('tab', { name: 'Forms' }).click();
    await poll(() => form.getByRole('alert').first().textContent()).toContain('JSON view has a problem');
    expect(await form.getByRole('tab', { name: 'JSON (advanced)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await text.fill(JSON.stringify(json, null, 2));
    await form.getByRole('tab', { name: 'Forms' }).click();
    await poll(() => form.locator('.node-card').nth(1).getByLabel('Task').inputValue()).toBe(
      'Plan the entry.',
    );
    expect(await form.getByLabel('Tool rounds per agent').inputValue()).toBe('3');

    await form.getByRole('button', { name: 'Save profile' }).click();
    await poll(() => form.getByRole('status').textContent()).toBe('Orchestration profile saved.');
    const stored = (await (await fetch(`${app.stack.serverUrl}/api/orchestration`)).json()) as Record<
      string,
      any
    >;
    expect(stored.spec.nodes[1]).toMatchObject({ name: 'plan', task: 'Plan the entry.', inputs: ['scout'] });
    expect(stored.limits).toEqual({ maxRounds: 3 });
    expect(stored.tools.map((t: { name: string }) => t.name)).toEqual(['weather']);
    await context.close();
  });

  it('shows the saved profile in the forms at phone width without sideways scrolling', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#/agents');
    const form = page.getByRole('form', { name: 'Orchestration profile' });
    await poll(() => form.getByRole('radio', { name: /Spec \(node graph\)/ }).isChecked()).toBe(true);
    await poll(() => form.locator('.node-card').count()).toBe(2);
    await form.locator('.node-card').nth(1).getByText('Tool overrides of plan').click();
    await poll(() => noSideScroll(page)).toBe(true);
    await screenshot(page, 'profile-editor-phone');
    await form.getByRole('button', { name: 'Add custom tool' }).click();
    await poll(() => page.getByRole('dialog', { name: 'Add custom tool' }).isVisible()).toBe(true);
    await poll(() => noSideScroll(page)).toBe(true);
    await viewportShot(page, 'profile-editor-phone-dialog');
    await context.close();
  });
});
