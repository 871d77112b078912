// Agents and the orchestration profile in a real browser: create an agent (a bad name refused with the server's
// message), put it in the profile's loop slot (an invalid profile lists its problems), deletion refused while the
// profile uses it, and a simulated run of that one agent shown in the timeline.
import { openaiChunk, openaiStream } from '@toolsmith/emulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();
let chatId: string;

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
  chatId = (await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'Harbor watch', connectionId }))
    .id;
});

describe('agents and the orchestration profile in a real browser', () => {
  it('creates an agent, uses it in the profile, and simulates it alone', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/agents');
    await poll(() => page.getByText('No agents yet.', { exact: false }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'New agent' }).click();
    const form = page.getByRole('form', { name: 'New agent' });
    await form.getByLabel('Agent name').fill('9 lookout');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await poll(() => form.getByRole('alert').textContent()).toMatch(/\S/);
    await form.getByLabel('Agent name').fill('lookout');
    await form.getByLabel('System prompt').fill('LOOKOUT: watch the harbor.');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await poll(() => page.getByRole('listitem', { name: 'lookout' }).isVisible()).toBe(true);
    const agents = (await (await fetch(`${app.stack.serverUrl}/api/agents`)).json()) as {
      agents: Array<{ id: string; name: string; systemPrompt: string }>;
    };
    expect(agents.agents).toEqual([
      expect.objectContaining({ name: 'lookout', systemPrompt: 'LOOKOUT: watch the harbor.' }),
    ]);

    // The profile: an invalid mode is refused with its path, then the agent goes into the loop slot.
    const profileForm = page.getByRole('form', { name: 'Orchestration profile' });
    await profileForm.getByRole('tab', { name: 'JSON (advanced)' }).click();
    const json = profileForm.getByLabel('Profile JSON');
    await poll(() => json.inputValue()).toContain('"mode"');
    const profile = JSON.parse(await json.inputValue()) as Record<string, unknown> & {
      loop: { agent: unknown };
    };
    await json.fill(JSON.stringify({ ...profile, mode: 'sideways' }, null, 2));
    await profileForm.getByRole('button', { name: 'Save profile' }).click();
    await poll(() => profileForm.getByRole('list', { name: 'Profile problems' }).textContent()).toContain(
      'mode',
    );
    profile.loop = { agent: { agentId: agents.agents[0].id } };
    await json.fill(JSON.stringify({ ...profile, mode: 'loop' }, null, 2));
    await profileForm.getByRole('button', { name: 'Save profile' }).click();
    await poll(() => profileForm.getByRole('status').textContent()).toBe('Orchestration profile saved.');

    // Deleting an agent the profile uses is refused with the server's message.
    await page.getByRole('button', { name: 'Delete lookout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete agent' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toContain(
      'The orchestration profile uses this agent',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'simulation-agents-page');

    // Run just this agent as a simulation.
    app.stack.emulator.on('/v1/chat/completions', () =>
      openaiStream([
        openaiChunk({ role: 'assistant', content: '' }),
        openaiChunk({ content: 'All quiet in the harbor.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    await page.goto(`/#/simulation/${chatId}`);
    await poll(() => page.getByLabel('Chat').inputValue()).toBe(chatId);
    await page.getByLabel('What to run').selectOption({ label: 'Agent: lookout' });
    expect(await page.getByLabel('Mode').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Run simulation' }).click();
    const node = page.getByRole('region', { name: 'Agent lookout' });
    await poll(() => node.textContent(), { timeout: 30_000 }).toContain('All quiet in the harbor.');
    await poll(() => page.getByRole('region', { name: 'Simulation result' }).textContent()).toContain(
      'Simulated: nothing was written',
    );
    await screenshot(page, 'simulation-agent-run');
    await context.close();
  });
});
