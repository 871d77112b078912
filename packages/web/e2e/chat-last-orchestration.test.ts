// The chat's last orchestration run, viewed from Chat Settings › Orchestration › Last run in Chromium after a
// real reply (emulated agents): its notes and its trace.
import { openaiChunk, openaiStream, type RecordedRequest } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

describe('last orchestration run in the chat', () => {
  const app = browserStackForFile();

  it('shows the notes and the trace of the run before the last reply', async () => {
    const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'emu',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'm',
      apiKey: 'sk-test',
    });
    const put = await fetch(`${app.stack.serverUrl}/api/orchestration`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
      body: JSON.stringify({
        loop: { agent: { name: 'watcher', systemPrompt: 'WATCHER agent', tools: [] } },
      }),
    });
    expect(put.status).toBe(200);
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Watch',
      connectionId: connection.id,
      settings: { orchestration: { enabled: true } },
    });
    // the watcher writes a note, then stops; the main reply (its prompt carries the notes) answers
    let watcherRounds = 0;
    const systemOf = (req: RecordedRequest) =>
      JSON.stringify(
        (req.body as { messages: Array<{ role: string }> }).messages.filter((m) => m.role === 'system'),
      );
    app.stack.emulator.on('/v1/chat/completions', (req) => {
      if (systemOf(req).includes('WATCHER') && watcherRounds++ === 0) {
        const args = JSON.stringify({ text: 'The tide is turning.' });
        return openaiStream([
          openaiChunk({ role: 'assistant', content: null }),
          openaiChunk({
            tool_calls: [
              {
                index: 0,
                id: 'a',
                type: 'function',
                function: { name: 'orchestration_note', arguments: args },
              },
            ],
          }),
          openaiChunk({}, { finishReason: 'tool_calls' }),
        ]);
      }
      const text = systemOf(req).includes('WATCHER') ? '' : 'Waves.';
      return openaiStream([
        openaiChunk({ role: 'assistant', content: text }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]);
    });
    const reply = await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
      body: JSON.stringify({ content: 'What is happening?' }),
    });
    expect(await reply.text()).toContain('orchestration-result');

    const { context, page } = await app.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/#/chats/${chat.id}`);
    await page.getByRole('button', { name: 'Chat Settings' }).first().click();
    await page.getByText('Last run', { exact: true }).click();
    const run = page.getByLabel('Last orchestration run');
    await poll(() => run.textContent()).toContain('The tide is turning.');
    await poll(() => run.getByRole('region', { name: 'Loop agent watcher' }).isVisible()).toBe(true);
    await screenshot(page, 'chat-last-orchestration-run');
    expect(errors).toEqual([]);
    await context.close();
  });
});
