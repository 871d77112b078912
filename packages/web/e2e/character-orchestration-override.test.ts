// A character's orchestration override edited in the Characters page (issue 18.5), through the real server in
// Chromium: a server error shown in the section, an override using a stored agent (written out into the card),
// seen again after a reload, used by a chat's run with that character, and reset to inherit.
import { openaiChunk, openaiStream, type RecordedRequest } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

describe('character orchestration override editor', () => {
  const app = browserStackForFile();

  const send = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(app.stack.serverUrl + path, {
      method,
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('sets an override, shows it after a reload, the chat runs it, and resets to inherit', async () => {
    const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'emu',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'm',
      apiKey: 'sk-test',
    });
    await apiPost(app.stack, '/api/agents', { name: 'Keeper', systemPrompt: 'KEEPER agent', tools: [] });
    const global = await send('/api/orchestration', 'PUT', {
      loop: { agent: { name: 'warden', systemPrompt: 'GLOBAL agent', tools: [] } },
    });
    expect(global.status).toBe(200);
    const character = await apiPost<{ id: string }>(app.stack, '/api/characters', {
      name: 'Mira',
      first_mes: 'Hi.',
    });
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'With Mira',
      connectionId: connection.id,
      characterIds: [character.id],
      settings: { orchestration: { enabled: true } },
    });
    // every request's system text: which orchestration agent ran
    const systems: string[] = [];
    app.stack.emulator.on('/v1/chat/completions', (req: RecordedRequest) => {
      const messages = (req.body as { messages: Array<{ role: string; content: unknown }> }).messages;
      systems.push(JSON.stringify(messages.filter((m) => m.role === 'system')));
      return openaiStream([
        openaiChunk({ role: 'assistant', content: 'Fine.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]);
    });
    const generate = async () => {
      systems.length = 0;
      const reply = await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
        body: JSON.stringify({ content: 'Anything new?' }),
      });
      expect(reply.status).toBe(200);
      await reply.text();
      return systems.join('\n');
    };

    const { context, page } = await app.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/#/characters');
    await page.getByRole('button', { name: 'Edit Mira' }).click();
    const section = page.getByRole('region', { name: 'Orchestration for this character' });
    const effective = section.getByRole('region', { name: 'What a chat with this character runs:' });
    await poll(() => effective.textContent()).toContain('Loop mode (warden), from the global profile.');
    expect(await section.getByLabel('Inherit (no override)').isChecked()).toBe(true);

    await section.getByRole('radio', { name: 'Override', exact: true }).check();
    // a limit the server refuses: its message is shown, nothing is stored
    await section.getByLabel('Tool rounds per agent').fill('99');
    await section.getByRole('button', { name: 'Save orchestration' }).click();
    const problems = section.getByRole('list', { name: 'Orchestration override problems' });
    await poll(() => problems.textContent()).toContain('limits.maxRounds');
    expect((await send(`/api/characters/${character.id}/orchestration`, 'GET')).body.override).toBeNull();
    await section.getByLabel('Tool rounds per agent').fill('');

    await section
      .getByRole('group', { name: 'Loop agent' })
      .locator('select')
      .first()
      .selectOption({ label: 'Stored agent: Keeper' });
    await section.getByRole('button', { name: 'Save orchestration' }).click();
    await poll(() => section.getByRole('status').textContent()).toBe('Override saved.');
    await poll(() => effective.textContent()).toContain(
      'Loop mode (Keeper), from this character’s override.',
    );
    expect(await problems.count()).toBe(0);
    // stored in the card with the stored agent written out (cards travel)
    const stored = await send(`/api/characters/${character.id}/orchestration`, 'GET');
    expect(stored.body.override).toEqual({
      mode: 'loop',
      loop: { agent: { name: 'Keeper', systemPrompt: 'KEEPER agent', tools: [] } },
    });
    await screenshot(page, 'character-orchestration-override-desktop');

    await page.reload();
    await page.getByRole('button', { name: 'Edit Mira' }).click();
    await poll(() => effective.textContent()).toContain('from this character’s override');
    expect(await section.getByRole('radio', { name: 'Override', exact: true }).isChecked()).toBe(true);
    expect(
      await section.getByRole('group', { name: 'Loop agent' }).getByLabel('Agent name').inputValue(),
    ).toBe('Keeper');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'character-orchestration-override-phone');
    // no sideways scrolling at phone width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const withOverride = await generate();
    expect(withOverride).toContain('KEEPER agent');
    expect(withOverride).not.toContain('GLOBAL agent');

    await section.getByRole('button', { name: 'Reset to inherit' }).click();
    await poll(() => section.getByRole('status').textContent()).toBe('Inheriting the global profile.');
    await poll(() => effective.textContent()).toContain('Loop mode (warden), from the global profile.');
    expect(await section.getByLabel('Inherit (no override)').isChecked()).toBe(true);
    expect((await send(`/api/characters/${character.id}/orchestration`, 'GET')).body.override).toBeNull();
    const inherited = await generate();
    expect(inherited).toContain('GLOBAL agent');
    expect(inherited).not.toContain('KEEPER agent');
    expect(errors).toEqual([]);
    await context.close();
  });
});
