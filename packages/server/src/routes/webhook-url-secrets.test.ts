// Issue 9 item 4: webhook URLs with credentials came back in full from GET /api/tools and the exports. The
// server keeps and uses the stored URL; every answer shows it masked; a masked URL sent back keeps the stored one;
// exports leave credentials out unless asked (`?secrets=include`) and say which they did.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGlobalProfile } from '../orchestration/profile-store.js';
import { MASK } from '../secrets/url-credentials.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;
let hook: Emulator;
let url: string;
let masked: string;
let toolId: string;

const SECRETS = ['hunter2', 'abc123tok'];
const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_LOCAL_URLS_ENABLED: 'true' });
  hook = await createEmulator();
  hook.on('/diary', () => ({ json: { ok: true } }));
  const { host } = new URL(hook.url);
  url = `http://me:hunter2@${host}/diary?token=abc123tok&page=2`;
  masked = `http://me:${MASK}@${host}/diary?token=${MASK}&page=2`;
  const created = await server.request('POST', '/api/tools', {
    name: 'diary_hook',
    description: 'Posts to my diary.',
    kind: 'webhook',
    mode: 'read',
    webhookUrl: url,
    confirmCredentials: true,
  });
  expect(created.status).toBe(201);
  toolId = created.body.id;
});
afterAll(async () => {
  await server.close();
  await hook.close();
});

describe('webhook URL credentials', () => {
  it('are never returned: create, list, read, patch and reorder answers show the masked URL', async () => {
    const answers = [
      await server.request('GET', '/api/tools'),
      await server.request('GET', `/api/tools/${toolId}`),
      await server.request('PATCH', `/api/tools/${toolId}`, { description: 'Posts to my diary!' }),
      await server.request('PUT', '/api/tools/order', { ids: [toolId] }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(leaks(JSON.stringify(answer.body))).toEqual([]);
    }
    expect(answers[1].body.webhookUrl).toBe(masked);
  });

  it('keeps and uses the stored URL', async () => {
    expect((await server.app.toolsmith.storage.tools.get(toolId))?.webhookUrl).toBe(url);
    const run = await server.request('POST', '/api/tools/dry-run', { id: toolId, args: {} });
    expect(run.body.ok).toBe(true);
    const sent = hook.requests.at(-1)!;
    expect(sent.query).toEqual({ token: 'abc123tok', page: '2' });
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('me:hunter2').toString('base64')}`);
  });

  it('a PATCH sending the masked URL back keeps the stored one; an edited masked URL is refused', async () => {
    const same = await server.request('PATCH', `/api/tools/${toolId}`, {
      webhookUrl: masked,
      description: 'Still my diary.',
    });
    expect(same.status).toBe(200);
    expect((await server.app.toolsmith.storage.tools.get(toolId))?.webhookUrl).toBe(url);

    const edited = await server.request('PATCH', `/api/tools/${toolId}`, {
      webhookUrl: masked.replace('/diary', '/journal'),
    });
    expect(edited.status).toBe(400);
    expect(edited.body.details).toEqual([{ field: 'webhookUrl', message: expect.stringContaining(MASK) }]);
    expect((await server.app.toolsmith.storage.tools.get(toolId))?.webhookUrl).toBe(url);

    const copied = await server.request('POST', '/api/tools', {
      name: 'copied_hook',
      description: 'Copied from a masked answer.',
      kind: 'webhook',
      webhookUrl: masked,
      confirmCredentials: true,
    });
    expect([copied.status, copied.body.details?.[0]?.field]).toEqual([400, 'webhookUrl']);

    const replaced = await server.request('PATCH', `/api/tools/${toolId}`, {
      webhookUrl: url.replace('hunter2', 'hunter3'),
      confirmCredentials: true,
    });
    expect(replaced.status).toBe(200);
    expect((await server.app.toolsmith.storage.tools.get(toolId))?.webhookUrl).toContain('hunter3');
    await server.request('PATCH', `/api/tools/${toolId}`, { webhookUrl: url, confirmCredentials: true });
  });

  it('exports leave credentials out by default and say so; ?secrets=include keeps them', async () => {
    const one = await fetch(`${server.url}/api/tools/${toolId}/export`);
    expect(one.headers.get('x-toolsmith-secrets')).toBe('redacted');
    const doc = (await one.json()) as any;
    expect(doc.secrets).toBe('redacted');
    expect(doc.tool.webhookUrl).toBe(masked);

    const oneWith = await fetch(`${server.url}/api/tools/${toolId}/export?secrets=include`);
    expect(oneWith.headers.get('x-toolsmith-secrets')).toBe('included');
    const docWith = (await oneWith.json()) as any;
    expect([docWith.secrets, docWith.tool.webhookUrl]).toEqual(['included', url]);

    const zip = await fetch(`${server.url}/api/tools/export`);
    expect(zip.headers.get('x-toolsmith-secrets')).toBe('redacted');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const text = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('utf8'))
      .join('\n');
    expect(leaks(text)).toEqual([]);
    expect(JSON.parse(Buffer.from(files['toolsmith-tools.json']).toString()).secrets).toBe('redacted');

    const zipWith = await fetch(`${server.url}/api/tools/export?secrets=include`);
    const filesWith = unzipSync(new Uint8Array(await zipWith.arrayBuffer()));
    expect(JSON.parse(Buffer.from(filesWith['toolsmith-tools.json']).toString()).secrets).toBe('included');
    expect(Buffer.from(filesWith['tools/diary_hook/tool.json']).toString()).toContain('hunter2');

    const bad = await server.request('GET', '/api/tools/export?secrets=yes');
    expect([bad.status, bad.body.details?.[0]?.field]).toEqual([400, 'secrets']);
  });

  it('a connection base URL with credentials is masked too, and sending it back keeps it', async () => {
    const created = await server.request('POST', '/api/connections', {
      name: 'proxied',
      api: 'openai',
      baseUrl: 'https://me:hunter2@llm.example.com/v1',
    });
    expect(created.body.baseUrl).toBe(`https://me:${MASK}@llm.example.com/v1`);
    const list = await server.request('GET', '/api/connections');
    expect(leaks(JSON.stringify(list.body))).toEqual([]);
    const back = await server.request('PATCH', `/api/connections/${created.body.id}`, {
      baseUrl: created.body.baseUrl,
      model: 'm',
    });
    expect(back.status).toBe(200);
    const stored = await server.app.toolsmith.storage.connections.get(created.body.id);
    expect(stored?.baseUrl).toBe('https://me:hunter2@llm.example.com/v1');
  });
});

describe('character tools, cards and orchestration profiles', () => {
  it('mask webhook URLs in every answer and keep the stored ones on write-back', async () => {
    const character = (await server.request('POST', '/api/characters', { name: 'Ann' })).body;
    await server.app.toolsmith.storage.tools.create(
      {
        name: 'ann_hook',
        displayName: '',
        description: 'Ann posts.',
        parameters: { type: 'object', properties: {} },
        mode: 'read',
        kind: 'webhook',
        body: '',
        simulateBody: '',
        staticResult: '',
        webhookUrl: url,
        includeHiddenContext: false,
        enabled: false,
      },
      `character:${character.id}`,
    );
    const tools = await server.request('GET', `/api/characters/${character.id}/tools`);
    expect(tools.body.tools[0].webhookUrl).toBe(masked);
    const card = await server.request('GET', `/api/characters/${character.id}/export`);
    expect(leaks(JSON.stringify(card.body))).toEqual([]);
    expect(card.headers.get('x-toolsmith-secrets')).toBe('redacted');
    const cardWith = await server.request('GET', `/api/characters/${character.id}/export?secrets=include`);
    expect(JSON.stringify(cardWith.body)).toContain('hunter2');

    const profileTool = {
      name: 'profile_hook',
      description: 'Profile hook.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'webhook',
      // profile tools cannot carry user:password (no confirmation there); a token in the query they can
      webhookUrl: url.replace('me:hunter2@', ''),
      enabled: true,
    };
    const profileMasked = masked.replace(`me:${MASK}@`, '');
    const put = await server.request('PUT', '/api/orchestration', { mode: 'loop', tools: [profileTool] });
    expect(put.status).toBe(200);
    expect(put.body.tools[0].webhookUrl).toBe(profileMasked);
    const got = await server.request('GET', '/api/orchestration');
    expect(got.body.tools[0].webhookUrl).toBe(profileMasked);
    // the editor saves what it was given: the stored URL stays
    const again = await server.request('PUT', '/api/orchestration', got.body);
    expect(again.status).toBe(200);
    const stored = await loadGlobalProfile(server.app.toolsmith.storage);
    expect(JSON.stringify(stored)).toContain('abc123tok');
    const edited = structuredClone(got.body);
    edited.tools[0].webhookUrl = profileMasked.replace('/diary', '/other');
    const refused = await server.request('PUT', '/api/orchestration', edited);
    expect(refused.status).toBe(400);
  });
});
