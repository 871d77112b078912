// SillyTavern world info through the real server: an imported book's sticky / cooldown / delay, inclusion
// group and character filter apply turn by turn (state per chat in SQLite), the trace says why, a
// regenerated reply resets what its first try started, and the book exports with every field it came with.
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import {
  createSeededChat,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const ST_BOOK = {
  entries: {
    '0': {
      uid: 0,
      key: ['storm'],
      keysecondary: [],
      comment: 'Storm',
      content: 'STORM-LORE',
      sticky: 3,
      cooldown: 2,
      delay: 0,
      vectorized: false,
      automationId: 'wx-1',
      displayIndex: 0,
    },
    '1': { uid: 1, key: ['harbor'], comment: 'Harbor', content: 'HARBOR-LORE', delay: 4, displayIndex: 1 },
    '2': {
      uid: 2,
      key: ['morning'],
      comment: 'Sun',
      content: 'SUN-LORE',
      group: 'sky',
      groupWeight: 100,
      order: 100,
    },
    '3': {
      uid: 3,
      key: ['morning'],
      comment: 'Moon',
      content: 'MOON-LORE',
      group: 'sky',
      groupOverride: true,
      order: 50,
    },
    '4': {
      uid: 4,
      key: [],
      constant: true,
      comment: 'Bob only',
      content: 'BOB-LORE',
      characterFilter: { isExclude: false, names: ['Bob'], tags: [] },
    },
  },
};

type TraceItem = {
  uid: number;
  activated: boolean;
  skipped?: string;
  reason?: { kind: string; remaining?: number };
  timed?: { effect: string; remaining: number };
  started?: { sticky?: number; cooldown?: number };
  group?: { name: string; rule: string; winner?: { uid: number } };
};

describe('SillyTavern timed effects, groups and filters in a chat', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: { model: 'emu-model' } });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());

  it('applies an imported book turn by turn and exports it with every field', async () => {
    const imported = await server.request('POST', '/api/lorebooks/import?global=true', ST_BOOK);
    expect(imported.status).toBe(201);
    expect(imported.body.entries[0]).toMatchObject({ sticky: 3, cooldown: 2, delay: 0 });
    expect(imported.body.entries[3]).toMatchObject({ group: 'sky', groupOverride: true });
    expect(imported.body.entries[4].characterFilter).toEqual({ names: ['Bob'], tags: [], exclude: false });
    expect(imported.body.unusedFields).toEqual(['automationId', 'displayIndex', 'vectorized']);

    const chatId = await createSeededChat(server, {
      title: 'Weather',
      connectionId: setup.connectionId,
      settings: { toolUse: false, tools: [] },
    });
    const turn = async (body: Record<string, unknown>) => {
      emulator.enqueue(
        '/v1/chat/completions',
        openaiStream([
          openaiChunk({ role: 'assistant', content: 'ok.' }),
          openaiChunk({}, { finishReason: 'stop' }),
        ]),
      );
      await collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, body));
      const prompt = JSON.stringify(emulator.requests[emulator.requests.length - 1].body);
      const trace: TraceItem[] = (await server.request('GET', `/api/chats/${chatId}/world-info`)).body
        .activation.trace;
      const byUid = (uid: number) => trace.find((t) => t.uid === uid)!;
      return { prompt, byUid };
    };

    // turn 1 (1 message): storm fires, starts sticky 3 + cooldown 2; harbor waits for 4 messages
    let t = await turn({ content: 'A storm near the harbor.' });
    expect(t.byUid(0)).toMatchObject({
      activated: true,
      reason: { kind: 'key' },
      started: { sticky: 3, cooldown: 2 },
    });
    expect(t.byUid(1)).toMatchObject({
      activated: false,
      skipped: 'delay',
      timed: { effect: 'delay', remaining: 3 },
    });
    expect(t.byUid(4)).toMatchObject({ activated: false, skipped: 'character_filter' });
    expect(t.prompt).toContain('STORM-LORE');
    expect(t.prompt).not.toContain('BOB-LORE');

    // turn 2 (3 messages): storm is not mentioned but stays (sticky, 1 message left); the sky group
    // picks the prioritised Moon over Sun
    t = await turn({ content: 'Quiet morning.' });
    expect(t.byUid(0)).toMatchObject({ activated: true, reason: { kind: 'sticky', remaining: 1 } });
    expect(t.byUid(1)).toMatchObject({ skipped: 'delay', timed: { remaining: 1 } });
    expect(t.byUid(3)).toMatchObject({ activated: true, group: { name: 'sky', rule: 'override' } });
    expect(t.byUid(2)).toMatchObject({
      activated: false,
      skipped: 'group_lost',
      group: { name: 'sky', rule: 'override', winner: { uid: 3 } },
    });
    expect(t.prompt).toContain('STORM-LORE');
    expect(t.prompt).toContain('MOON-LORE');
    expect(t.prompt).not.toContain('SUN-LORE');

    // turn 3 (5 messages): the sticky ended and its cooldown began (2 messages); harbor's delay is over
    t = await turn({ content: 'The storm returns to the harbor.' });
    expect(t.byUid(0)).toMatchObject({
      activated: false,
      skipped: 'cooldown',
      timed: { effect: 'cooldown', remaining: 2 },
    });
    expect(t.byUid(1)).toMatchObject({ activated: true, reason: { kind: 'key' } });
    expect(t.prompt).not.toContain('STORM-LORE');

    // turn 4 (7 messages): the cooldown is over, storm fires again
    t = await turn({ content: 'Storm again.' });
    expect(t.byUid(0)).toMatchObject({
      activated: true,
      reason: { kind: 'key' },
      started: { sticky: 3, cooldown: 2 },
    });

    // regenerating turn 4's reply: what its first try started is dropped, so storm fires by its key again
    // (not as a running sticky)
    t = await turn({ mode: 'regenerate' });
    expect(t.byUid(0)).toMatchObject({ activated: true, reason: { kind: 'key' }, started: { sticky: 3 } });

    // turn 5 (9 messages): sticky from the regenerated reply, 1 message left
    t = await turn({ content: 'Calm.' });
    expect(t.byUid(0)).toMatchObject({ activated: true, reason: { kind: 'sticky', remaining: 1 } });

    // turn 6 (11 messages): cooldown after the sticky
    t = await turn({ content: 'Storm?' });
    expect(t.byUid(0)).toMatchObject({ skipped: 'cooldown', timed: { remaining: 2 } });

    // the state lives with the chat: GET shows what runs
    const stored = (await server.request('GET', `/api/chats/${chatId}/world-info`)).body.activation;
    expect(stored.timedEffects.cooldown).toEqual({
      [`${imported.body.id}.0`]: { start: 11, end: 13, protected: true },
    });

    // export: every field it came with, Toolsmith's own and the ones it does not use
    const exported = await server.request('GET', `/api/lorebooks/${imported.body.id}/export`);
    expect(exported.body.entries['0']).toMatchObject({
      sticky: 3,
      cooldown: 2,
      delay: 0,
      vectorized: false,
      automationId: 'wx-1',
      displayIndex: 0,
    });
    expect(exported.body.entries['3']).toMatchObject({ group: 'sky', groupOverride: true, order: 50 });
    expect(exported.body.entries['4'].characterFilter).toEqual({
      isExclude: false,
      names: ['Bob'],
      tags: [],
    });
  });
});
