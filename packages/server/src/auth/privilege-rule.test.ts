// Issue 9 item 3, the one rule (docs/api.md, "Security model"): a change that alters which tools run or what
// they do is privileged like writing a tool. Checked where privileged routes need the secret from loopback
// too (ADMIN_SECRET_ON_LOOPBACK=true); off loopback every /api route needs it anyway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const SECRET = 'privilege-rule-secret';
const withSecret = { 'x-admin-secret': SECRET };
let server: TestServer;
let chatId: string;
let characterId: string;
let bookId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_SECRET: SECRET, ADMIN_SECRET_ON_LOOPBACK: 'true' });
  chatId = (await server.request('POST', '/api/chats', { title: 'c' })).body.id;
  characterId = (await server.request('POST', '/api/characters', { name: 'Ann' })).body.id;
  bookId = (
    await server.request('POST', '/api/lorebooks', {
      name: 'Book',
      entries: [{ keys: ['dragon'], content: 'Dragons.' }],
    })
  ).body.id;
});
afterAll(() => server.close());

const status = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  (await server.request(method, path, body, headers)).status;

describe('one privilege rule for changes to which tools run', () => {
  it('agents: creating, changing and deleting are privileged; reading is not', async () => {
    expect(await status('POST', '/api/agents', { name: 'pinned', tools: ['roll_dice'] })).toBe(401);
    const agent = (await server.request('POST', '/api/agents', { name: 'pinned' }, withSecret)).body;
    expect(await status('PATCH', `/api/agents/${agent.id}`, { tools: ['roll_dice'] })).toBe(401);
    expect(await status('PATCH', `/api/agents/${agent.id}`, { systemPrompt: 'x' })).toBe(401);
    expect(await status('GET', `/api/agents/${agent.id}`)).toBe(200);
    expect(await status('GET', '/api/agents')).toBe(200);
    expect(await status('DELETE', `/api/agents/${agent.id}`)).toBe(401);
    expect(await status('DELETE', `/api/agents/${agent.id}`, undefined, withSecret)).toBe(204);
  });

  it('chats: tool settings, orchestration, write approval and characters are privileged; the rest is not', async () => {
    const privileged: unknown[] = [
      { settings: { toolUse: true } },
      { settings: { tools: ['roll_dice'] } },
      { settings: { characterToolsOff: ['house_rules'] } },
      { settings: { orchestration: { enabled: true } } },
      { settings: { approveWriteTools: true } },
      { characterIds: [characterId] },
    ];
    for (const body of privileged) {
      expect([body, await status('PATCH', `/api/chats/${chatId}`, body)]).toEqual([body, 401]);
      expect([body, await status('POST', '/api/chats', body)]).toEqual([body, 401]);
    }
    const chat = (await server.request('GET', `/api/chats/${chatId}`)).body;
    expect(chat.settings.toolUse).toBe(false);
    expect(chat.characterIds).toEqual([]);

    // what changes nothing about tools stays open — also the unchanged settings a form sends back
    expect(await status('PATCH', `/api/chats/${chatId}`, { title: 'renamed' })).toBe(200);
    expect(await status('PATCH', `/api/chats/${chatId}`, { settings: { lorebookIds: [bookId] } })).toBe(200);
    expect(await status('PATCH', `/api/chats/${chatId}`, { settings: chat.settings, characterIds: [] })).toBe(
      200,
    );
    expect(await status('POST', '/api/chats', { title: 'plain', settings: { toolUse: false } })).toBe(201);

    expect(await status('PATCH', `/api/chats/${chatId}`, { settings: { toolUse: true } }, withSecret)).toBe(
      200,
    );
  });

  it('lorebooks: a write that brings a new regex key is privileged; plain keys are not', async () => {
    const regexEntry = { keys: ['/drag(on|ons)/i'], content: 'Regex.' };
    expect(await status('POST', '/api/lorebooks', { name: 'R', entries: [regexEntry] })).toBe(401);
    expect(
      await status('POST', '/api/lorebooks/import', {
        entries: { 0: { uid: 0, key: ['/x+y/'], content: 'x' } },
      }),
    ).toBe(401);
    const plain = { keys: ['knight'], content: 'Knights.' };
    expect(
      await status('PATCH', `/api/lorebooks/${bookId}`, {
        entries: [{ keys: ['dragon'], content: 'D.' }, regexEntry],
      }),
    ).toBe(401);
    expect(
      await status('PATCH', `/api/lorebooks/${bookId}`, {
        entries: [{ keys: ['dragon'], content: 'D.' }, plain],
      }),
    ).toBe(200);
    expect(
      await status(
        'PATCH',
        `/api/lorebooks/${bookId}`,
        { entries: [{ keys: ['dragon'], content: 'D.' }, regexEntry] },
        withSecret,
      ),
    ).toBe(200);
    // the regex it already has may be sent back with other edits
    expect(
      await status('PATCH', `/api/lorebooks/${bookId}`, {
        description: 'edited',
        entries: [{ keys: ['dragon'], content: 'Dragons!' }, regexEntry],
      }),
    ).toBe(200);
    expect(
      await status('PATCH', `/api/lorebooks/${bookId}`, {
        entries: [{ keys: ['dragon'], secondaryKeys: ['/new+/'], content: 'D.' }, regexEntry],
      }),
    ).toBe(401);
  });
});
