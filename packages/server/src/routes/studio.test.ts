// The AI Iteration Studio through the real server against the emulator: the authoring agent reads, dry-runs
// and proposes; nothing changes until a card is accepted; acceptance is atomic and undone from the history;
// edits, rejections, conflicts and a simulated run of the proposed profile next to the current one.
import type { Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestsWith, scriptAgents, toolNames } from '../orchestration/__fixtures__/scripted-agents.js';
import {
  createSeededChat,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const AUTHOR = 'authoring agent';
const profile = {
  mode: 'loop',
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
};
const trackGold = {
  name: 'track_gold',
  description: 'Records the party gold.',
  parameters: { type: 'object', properties: { amount: { type: 'integer' } }, required: ['amount'] },
  mode: 'write',
  kind: 'script',
  body: 'await ctx.variables.set("gold", args.amount); return { gold: args.amount };',
  simulateBody: 'return { wouldSet: args.amount, messages: ctx.chat.length };',
};

describe('/api/studio', () => {
  let server: TestServer;
  let setup: EmulatedServer;
  let emulator: Emulator;
  let connectionId: string;
  let chatId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer({
      env: { CUSTOM_TOOL_SCRIPT_ENABLED: 'true' },
      connection: { apiKey: 'sk-test' },
    });
    ({ server, emulator, connectionId } = setup);
    chatId = await createSeededChat(server, {
      title: 'Caravan',
      connectionId,
      messages: [
        { role: 'user', content: 'We sell the wagon for 30 gold.' },
        { role: 'assistant', content: 'The merchant pays.' },
      ],
    });
  });
  afterAll(() => setup.close());
  beforeEach(async () => {
    emulator.reset();
    expect((await server.request('PUT', '/api/orchestration', profile)).status).toBe(200);
  });

  const startSession = async () => {
    scriptAgents(emulator, {
      [AUTHOR]: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'l', name: 'list', args: {} },
                { id: 'r', name: 'read_chat', args: { last: 5 } },
                { id: 's', name: 'set', args: { tool: trackGold, reason: 'Keep the gold in a variable.' } },
                {
                  id: 't',
                  name: 'toggle',
                  args: { name: 'roll_dice', on: false, mode: 'loop', reason: 'No dice here.' },
                },
                {
                  id: 'x',
                  name: 'toggle',
                  args: { name: 'no_such_tool', on: true, mode: 'loop', reason: 'oops' },
                },
              ],
            }
          : n === 1
            ? {
                toolCalls: [{ id: 'd', name: 'dry_run', args: { name: 'track_gold', args: { amount: 30 } } }],
              }
            : { text: 'I proposed a gold tracker and switched dice off.' },
    });
    const res = await server.request('POST', '/api/studio/sessions', {
      chatId,
      connectionId,
      goal: "Make the planner track the party's gold.",
    });
    expect(res.status).toBe(201);
    return res.body;
  };

  /** The session as answered is the stored one, field for field (the response schema strips nothing), plus pending. */
  const expectAnsweredWhole = async (session: any) => {
    const stored: any = await server.app.toolsmith.storage.settings.get(`studio/sessions/${session.id}`);
    const pending = stored.proposals.filter((p: any) => p.status === 'pending').length;
    expect(session).toEqual({ ...stored, pending });
    expect((await server.request('GET', `/api/studio/sessions/${session.id}`)).body).toEqual(session);
  };

  it("turns the agent's proposals into pending cards and changes nothing until one is accepted; undo restores", async () => {
    const before = (await server.request('GET', '/api/orchestration')).body;
    const session = await startSession();
    expect(session.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect(session.messages[1].content).toBe('I proposed a gold tracker and switched dice off.');
    // the agent's tools were offered, and a bad proposal came back to it as an error, not as a card
    expect(toolNames(requestsWith(emulator, AUTHOR)[0])).toEqual(
      expect.arrayContaining([
        'list',
        'get',
        'dry_run',
        'set',
        'patch',
        'remove',
        'toggle',
        'edit_profile',
        'read_docs',
      ]),
    );
    const calls = session.messages[1].calls;
    expect(calls.find((c: any) => c.name === 'toggle' && !c.ok).summary).toContain(
      'No tool named "no_such_tool"',
    );
    expect(calls.find((c: any) => c.name === 'read_chat').summary).toContain(
      'We sell the wagon for 30 gold.',
    );

    expect(session.pending).toBe(2);
    const [setCard, toggleCard] = session.proposals;
    expect(setCard).toMatchObject({
      status: 'pending',
      title: 'Create script tool track_gold',
      reason: 'Keep the gold in a variable.',
      arrivesDisabled: true,
      toolBefore: null,
      toolAfter: { name: 'track_gold', body: trackGold.body },
    });
    // the dry run used the chat's real ctx, with the write simulated
    expect(setCard.dryRuns).toHaveLength(1);
    expect(setCard.dryRuns[0]).toMatchObject({
      ok: true,
      result: { wouldSet: 30, messages: 2 },
      simulated: true,
    });
    expect(toggleCard).toMatchObject({
      title: 'Switch off roll_dice for the loop mode',
      profileBefore: { custom: true, builtin: true },
      profileAfter: { custom: true, builtin: true, tools: { roll_dice: false } },
    });
    expect((await server.request('GET', '/api/orchestration')).body).toEqual(before);
    await expectAnsweredWhole(session);

    // accept one card: the profile changes, the new script tool arrives switched off
    const accepted = await server.request(
      'POST',
      `/api/studio/sessions/${session.id}/proposals/${setCard.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    const tool = accepted.body.profile.tools.find((t: any) => t.name === 'track_gold');
    expect(tool).toMatchObject({ kind: 'script', enabled: false, includeHiddenContext: false });
    expect((await server.request('GET', '/api/orchestration')).body.tools.map((t: any) => t.name)).toEqual([
      'gold_count',
      'track_gold',
    ]);
    expect(accepted.body.session.proposals[0]).toMatchObject({
      status: 'accepted',
      historyId: accepted.body.historyId,
    });
    const again = await server.request(
      'POST',
      `/api/studio/sessions/${session.id}/proposals/${setCard.id}/accept`,
    );
    expect(again.status).toBe(409);

    // the history lists it; restoring it undoes the acceptance
    const history = await server.request('GET', '/api/orchestration/history');
    expect(history.body.versions[0]).toMatchObject({ id: accepted.body.historyId, source: 'studio' });
    expect(history.body.versions[0].summary).toContain('Create script tool track_gold');
    // the details a client words in the user's language: the accepted cards' titles as written
    expect(history.body.versions[0].titles).toEqual([
      expect.stringContaining('Create script tool track_gold'),
    ]);
    const undo = await server.request(
      'POST',
      `/api/orchestration/history/${accepted.body.historyId}/restore`,
    );
    expect(undo.status).toBe(200);
    expect((await server.request('GET', '/api/orchestration')).body).toEqual(before);
    const restored = (await server.request('GET', '/api/orchestration/history')).body.versions[0];
    expect(restored).toMatchObject({ source: 'restore', restoredAt: history.body.versions[0].at });
    // the undone card is pending again
    const reopened = (await server.request('GET', `/api/studio/sessions/${session.id}`)).body;
    expect(reopened.proposals[0].status).toBe('pending');
    expect(reopened.pending).toBe(2);
  });

  it('accept all applies every pending card at once; an edited card applies as edited; a rejected one never', async () => {
    const session = await startSession();
    const [setCard, toggleCard] = session.proposals;
    // the user edits the toggle: switch roll_dice off for the loop mode → on instead
    const edited = await server.request(
      'PATCH',
      `/api/studio/sessions/${session.id}/proposals/${toggleCard.id}`,
      {
        change: { ...toggleCard.change, on: true },
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: toggleCard.id,
      title: 'Switch on roll_dice for the loop mode',
      status: 'pending',
    });
    const badEdit = await server.request(
      'PATCH',
      `/api/studio/sessions/${session.id}/proposals/${toggleCard.id}`,
      {
        change: { ...toggleCard.change, mode: 'director', node: 'ghost' },
      },
    );
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.details[0].message).toContain('no node named "ghost"');
    const rejected = await server.request(
      'POST',
      `/api/studio/sessions/${session.id}/proposals/${setCard.id}/reject`,
    );
    expect(rejected.body.proposals[0].status).toBe('rejected');

    const all = await server.request('POST', `/api/studio/sessions/${session.id}/accept-all`);
    expect(all.status).toBe(200);
    expect(all.body.profile.modes.loop.tools).toEqual({ roll_dice: true });
    expect(all.body.profile.tools.map((t: any) => t.name)).toEqual(['gold_count']);
    expect(all.body.session.pending).toBe(0);
    expect((await server.request('POST', `/api/studio/sessions/${session.id}/accept-all`)).status).toBe(409);
  });

  it('a card that no longer applies is refused with nothing changed', async () => {
    scriptAgents(emulator, {
      [AUTHOR]: (n) =>
        n === 0
          ? {
              toolCalls: [
                {
                  id: 'p',
                  name: 'patch',
                  args: {
                    name: 'gold_count',
                    edits: [{ field: 'staticResult', find: '12 gold', replace: '30 gold' }],
                    schemaPatch: [{ op: 'add', path: '/properties/who', value: { type: 'string' } }],
                    reason: 'The wagon sold.',
                  },
                },
                { id: 'r', name: 'remove', args: { name: 'gold_count', reason: 'Replaced.' } },
              ],
            }
          : { text: 'done' },
    });
    const session = (
      await server.request('POST', '/api/studio/sessions', { chatId, connectionId, goal: 'Update the gold.' })
    ).body;
    const [patchCard, removeCard] = session.proposals;
    expect(patchCard.toolBefore.staticResult).toBe('12 gold');
    expect(patchCard.toolAfter).toMatchObject({
      staticResult: '30 gold',
      parameters: { properties: { who: { type: 'string' } } },
    });
    await expectAnsweredWhole(session);
    const removed = await server.request(
      'POST',
      `/api/studio/sessions/${session.id}/proposals/${removeCard.id}/accept`,
    );
    expect(removed.status).toBe(200);
    const before = (await server.request('GET', '/api/orchestration')).body;
    const conflict = await server.request(
      'POST',
      `/api/studio/sessions/${session.id}/proposals/${patchCard.id}/accept`,
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toContain('“Edit profile tool gold_count” no longer applies');
    expect((await server.request('GET', '/api/orchestration')).body).toEqual(before);
  });

  it('simulates the chat with the proposed profile next to the current one', async () => {
    const session = await startSession();
    emulator.reset();
    scriptAgents(emulator, {
      PLANNER: () => ({ text: 'Notes.' }),
    });
    const sim = await server.request('POST', `/api/studio/sessions/${session.id}/simulate`, {
      enableNew: true,
    });
    expect(sim.status).toBe(200);
    expect(sim.body.current.trace.root.offeredTools).toContain('roll_dice');
    expect(sim.body.current.trace.root.offeredTools).not.toContain('track_gold');
    expect(sim.body.proposed.trace.root.offeredTools).not.toContain('roll_dice');
    expect(sim.body.proposed.trace.root.offeredTools).toContain('track_gold');
    // nothing was applied
    expect((await server.request('GET', `/api/studio/sessions/${session.id}`)).body.pending).toBe(2);
  });

  it('refuses a session without a chat, connection or goal, naming each field', async () => {
    const res = await server.request('POST', '/api/studio/sessions', {
      chatId: 'ch_x',
      connectionId: 'c_x',
      goal: ' ',
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: any) => d.field).sort()).toEqual(['chatId', 'connectionId', 'goal']);
  });
});
