// Spec and agenda runs in the simulation timeline, in a real browser against the built server and the
// emulator: a spec's nodes nested under it with what each read and the tools its overrides left it, a skipped
// node, and an agenda run with the agent an item went to nested under the planner's call and the agenda listed.
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
const toolCount = (r: RecordedRequest) =>
  (r.body as { messages: Array<{ role: string }> }).messages.filter((m) => m.role === 'tool').length;

const staticTool = (name: string, mode: 'read' | 'write', staticResult: string) => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties: {} },
  mode,
  kind: 'static',
  staticResult,
  enabled: true,
});
const agent = (name: string, marker: string) => ({
  name,
  systemPrompt: `${marker}: you are ${name}.`,
  tools: [],
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
      mode: 'spec',
      tools: [staticTool('gate_status', 'read', 'closed'), staticTool('open_gate', 'write', 'opened')],
      modes: { spec: { custom: true, builtin: true, tools: { gate_status: false } } },
      spec: {
        nodes: [
          { name: 'scout', agent: agent('scout', 'SCOUT'), inputs: [], toolOverrides: { gate_status: true } },
          { name: 'plan', task: 'Plan the entry.', agent: agent('plan', 'PLANNER'), inputs: ['scout'] },
          { name: 'lookout', agent: agent('lookout', 'LOOKOUT'), inputs: [] },
          { name: 'report', agent: agent('report', 'REPORT'), inputs: ['lookout'] },
        ],
      },
      agenda: {
        planner: agent('boss', 'BOSS'),
        agents: [{ name: 'scout', description: 'Looks around.', agent: agent('scout', 'SCOUT') }],
        items: ['Check the gate', 'Count the guards'],
      },
      limits: { maxRounds: 4 },
    }),
  });
  if (!put.ok) throw new Error(`PUT /api/orchestration → ${put.status}: ${await put.text()}`);
  chatId = (await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'At the gate', connectionId }))
    .id;
});

describe('spec and agenda runs in the simulation timeline', () => {
  it('nests the spec nodes with their inputs, overrides and a skipped node', async () => {
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      const system = systemText(request);
      if (system.includes('SCOUT'))
        return toolCount(request) === 0
          ? answer({ calls: [{ id: 's1', name: 'gate_status', args: {} }] })
          : answer({ text: 'The gate is closed.' });
      if (system.includes('PLANNER'))
        return toolCount(request) === 0
          ? answer({ calls: [{ id: 'p1', name: 'open_gate', args: {} }] })
          : answer({ text: 'Climb the wall instead.' });
      if (system.includes('LOOKOUT'))
        return {
          status: 401,
          json: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } },
        };
      return { status: 500, json: { error: { message: 'unscripted agent' } } };
    });
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`/#/simulation/${chatId}`);
    await poll(() => page.getByLabel('Chat').inputValue()).toBe(chatId);
    await page.getByLabel('Mode').selectOption('spec');
    await page.getByRole('button', { name: 'Run simulation' }).click();

    const result = page.getByRole('region', { name: 'Simulation result' });
    await poll(() => result.isVisible(), { timeout: 30_000 }).toBe(true);
    await poll(() => result.getByRole('heading', { level: 2 }).textContent()).toContain(
      'Spec (node graph) run',
    );
    const spec = result.getByRole('region', { name: 'Spec spec' });
    const nodes = spec.getByRole('list', { name: 'Nodes of spec' });
    const scout = nodes.getByRole('region', { name: 'Node scout' });
    await poll(() => scout.textContent()).toContain('Offered tools:');
    await poll(() => scout.textContent()).toContain('gate_status');
    await poll(() => scout.textContent()).toContain('The gate is closed.');
    const plan = nodes.getByRole('region', { name: 'Node plan' });
    await poll(() => plan.textContent()).toContain('Reads: scout');
    expect(await plan.locator('.sim-tools').first().textContent()).not.toContain('gate_status');
    await poll(() => plan.getByRole('listitem', { name: 'Call open_gate' }).textContent()).toContain(
      'Unvalidated',
    );
    await poll(() => nodes.getByRole('region', { name: 'Node lookout' }).textContent()).toContain(
      'Provider failed (auth_missing)',
    );
    await poll(() => nodes.getByRole('region', { name: 'Node report' }).textContent()).toContain(
      'Skipped: its input "lookout" did not finish',
    );
    await screenshot(page, 'simulation-spec');
    await context.close();
  });

  it('shows an agenda run: the assigned agent under the planner, and the agenda', async () => {
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      const system = systemText(request);
      const answered = toolCount(request);
      if (system.includes('SCOUT')) return answer({ text: 'Two guards, one asleep.' });
      if (system.includes('BOSS')) {
        if (answered === 0)
          return answer({ calls: [{ id: 'a1', name: 'agenda_assign', args: { item: 2, agent: 'scout' } }] });
        if (answered === 1)
          return answer({
            calls: [{ id: 'c1', name: 'agenda_complete', args: { item: 2, summary: 'Two guards.' } }],
          });
        return answer({ text: 'Two guards; the gate still needs checking.' });
      }
      return { status: 500, json: { error: { message: 'unscripted agent' } } };
    });
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/#/simulation/${chatId}`);
    await poll(() => page.getByLabel('Chat').inputValue()).toBe(chatId);
    await page.getByLabel('Mode').selectOption('agenda');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    const result = page.getByRole('region', { name: 'Simulation result' });
    await poll(() => result.isVisible(), { timeout: 30_000 }).toBe(true);
    const agenda = result.getByRole('list', { name: 'Agenda' });
    await poll(() => agenda.textContent()).toContain('done Count the guards → scout');
    await poll(() => agenda.textContent()).toContain('open Check the gate');
    const planner = result.getByRole('region', { name: 'Planner boss' });
    const assign = planner.getByRole('listitem', { name: 'Call agenda_assign' });
    await poll(() => assign.textContent()).toContain('Delegated to scout');
    await poll(() => assign.getByRole('region', { name: 'Sub-agent scout' }).textContent()).toContain(
      'Two guards, one asleep.',
    );
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(page, 'simulation-agenda-phone');
    await context.close();
  });
});
