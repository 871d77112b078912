// The simulation timeline in a real browser, against the built server and the provider emulator: a director
// that delegates to a sub-agent (nested in the timeline), a read tool's real result, an unvalidated write, and
// a provider failure shown with its message. Nothing is written to the chat.
import { openaiChunk, openaiStream, type RecordedRequest, type ScriptedResponse } from '@toolsmith/emulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();
let chatId: string;

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
const lastRole = (r: RecordedRequest) => {
  const messages = (r.body as { messages: Array<{ role: string }> }).messages;
  return messages[messages.length - 1].role;
};

const staticTool = (name: string, mode: 'read' | 'write', staticResult: string) => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties: {} },
  mode,
  kind: 'static',
  staticResult,
  enabled: true,
});

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
  const put = await fetch(`${app.stack.serverUrl}/api/orchestration`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
    body: JSON.stringify({
      mode: 'director',
      tools: [staticTool('gate_status', 'read', 'closed'), staticTool('open_gate', 'write', 'opened')],
      loop: { agent: { name: 'planner', systemPrompt: 'PLANNER: plan.', tools: [] } },
      director: {
        agent: { name: 'boss', systemPrompt: 'DIRECTOR: delegate.', tools: [] },
        subAgents: [
          {
            name: 'scout',
            description: 'Looks around.',
            agent: { name: 'scout', systemPrompt: 'SCOUT: look.', tools: [] },
          },
        ],
      },
      limits: { maxRounds: 4 },
    }),
  });
  if (!put.ok) throw new Error(`PUT /api/orchestration → ${put.status}: ${await put.text()}`);
  chatId = (await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'At the gate', connectionId }))
    .id;
});

describe('simulation timeline in a real browser', () => {
  it('shows a director run with a nested delegation, a real read result and an unvalidated write', async () => {
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      const system = systemText(request);
      const answered = lastRole(request) === 'tool';
      if (system.includes('SCOUT')) {
        return answered
          ? answer({ text: 'Two guards, one asleep.' })
          : answer({ calls: [{ id: 's1', name: 'open_gate', args: { force: true } }] });
      }
      if (system.includes('DIRECTOR')) {
        return answered
          ? answer({ text: 'Plan: slip past the sleeping guard.' })
          : answer({
              calls: [
                { id: 'd1', name: 'gate_status', args: {} },
                { id: 'd2', name: 'delegate', args: { agent: 'scout', task: 'Count the guards.' } },
              ],
            });
      }
      return { status: 500, json: { error: { message: 'unscripted agent' } } };
    });

    const { page, context } = await app.newPage();
    await page.goto(`/#/simulation/${chatId}`);
    await poll(() => page.getByLabel('Chat').inputValue()).toBe(chatId);
    await page.getByRole('button', { name: 'Run simulation' }).click();

    const result = page.getByRole('region', { name: 'Simulation result' });
    await poll(() => result.isVisible(), { timeout: 30_000 }).toBe(true);
    await poll(() => result.textContent()).toContain('Simulated: nothing was written');
    await poll(() => result.textContent()).toContain('1 unvalidated');

    const director = result.getByRole('region', { name: 'Director boss' });
    const status = director.getByRole('listitem', { name: 'Call gate_status' }).first();
    await status.locator('summary').click();
    await poll(() => status.locator('pre').nth(1).textContent()).toBe('closed');
    // a read tool really runs in a simulation; a write tool is simulated
    await poll(() => status.textContent()).toContain('Ran for real (read tool)');

    const delegate = director.getByRole('listitem', { name: 'Call delegate' });
    await poll(() => delegate.textContent()).toContain('Delegated to scout');
    await poll(() => delegate.locator('pre').first().textContent()).toContain('"task": "Count the guards."');
    const scout = delegate.getByRole('region', { name: 'Sub-agent scout' });
    const write = scout.getByRole('listitem', { name: 'Call open_gate' });
    await poll(() => write.textContent()).toContain('Unvalidated');
    await poll(() => write.textContent()).toContain('Simulated (write tool)');
    expect(await write.textContent()).not.toContain('Ran for real');
    await poll(() => write.locator('pre').first().textContent()).toContain('"force": true');
    await poll(() => scout.textContent()).toContain('Two guards, one asleep.');
    await poll(() => result.getByText('Plan: slip past the sleeping guard.').first().isVisible()).toBe(true);

    // Nothing was written to the chat.
    const messages = (await (await fetch(`${app.stack.serverUrl}/api/chats/${chatId}/messages`)).json()) as {
      messages: unknown[];
    };
    expect(messages.messages).toEqual([]);
    await screenshot(page, 'simulation-director');

    await page.setViewportSize({ width: 390, height: 800 });
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(page, 'simulation-director-narrow');
    await context.close();
  });

  it('shows a provider failure in loop mode with its message', async () => {
    app.stack.emulator.on('/v1/chat/completions', () => ({
      status: 401,
      json: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } },
    }));
    const { page, context } = await app.newPage();
    await page.goto(`/#/simulation/${chatId}`);
    await poll(() => page.getByLabel('Chat').inputValue()).toBe(chatId);
    await page.getByLabel('Mode').selectOption('loop');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await poll(async () => ((await page.getByRole('alert').allTextContents()) as string[]).join(' '), {
      timeout: 30_000,
    }).toContain('The run stopped (auth_missing): Incorrect API key provided.');
    await screenshot(page, 'simulation-failure');
    await context.close();
  });
  it('Chat Settings turns orchestration on for a chat, picks its mode, and links to its simulation', async () => {
    const { page, context } = await app.newPage();
    await page.goto(`/#/chats/${chatId}`);
    await page.getByRole('button', { name: 'Chat Settings' }).first().click();
    const drawer = page.getByRole('complementary', { name: 'Chat Settings' });
    const toggle = drawer.getByRole('switch', { name: 'Run orchestration before each reply' });
    await poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await drawer.getByLabel('Orchestration mode').selectOption('loop');
    await poll(async () => {
      const stored = (await (await fetch(`${app.stack.serverUrl}/api/chats/${chatId}`)).json()) as {
        settings: { orchestration?: unknown };
      };
      return stored.settings.orchestration;
    }).toEqual({ enabled: true, mode: 'loop' });
    await drawer.getByRole('link', { name: 'Simulate this chat’s orchestration' }).click();
    await poll(() => page.getByRole('heading', { name: 'Simulation', level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByLabel('Chat').inputValue()).toBe(chatId);
    await context.close();
  });
});
