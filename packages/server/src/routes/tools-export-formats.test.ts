// Exports for Marinara Engine and Luker through the real server: the files follow those apps' published
// shapes and field rules, say what they could not carry, keep credentials out, and import back here.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolInput } from '../storage/types.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import {
  download,
  scriptTool,
  staticTool,
  uploadCard,
  v2Card,
  webhookTool,
} from './__fixtures__/character-cards.js';
import { MSG_EXPORT_FORMAT } from './export-formats.js';

const input = (over: Partial<ToolInput> & Pick<ToolInput, 'name' | 'kind'>): ToolInput => ({
  displayName: '',
  description: 'A tool.',
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
  mode: 'read',
  body: '',
  simulateBody: '',
  staticResult: '',
  webhookUrl: '',
  includeHiddenContext: false,
  allowFetch: false,
  enabled: true,
  ...over,
});

const tools: ToolInput[] = [
  input({ name: 'store_hours', kind: 'static', staticResult: 'Open 9-5' }),
  input({
    name: 'post_diary',
    kind: 'webhook',
    mode: 'write',
    webhookUrl: 'https://user:pw@hooks.example.com/diary?token=abc',
    includeHiddenContext: true,
  }),
  input({ name: 'roll', kind: 'script', mode: 'write', body: 'return 4;', enabled: false }),
  input({
    name: 'TrackGold',
    displayName: 'Gold',
    kind: 'script',
    mode: 'write',
    description: 'g'.repeat(520),
    body: 'return 1;',
    simulateBody: 'return 0;',
  }),
];

async function importFile(server: TestServer, bytes: Uint8Array, contentType: string) {
  const response = await fetch(`${server.url}/api/tools/import`, {
    method: 'POST',
    headers: { 'x-toolsmith-request': '1', 'content-type': contentType },
    body: Buffer.from(bytes),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const stored = async (server: TestServer) =>
  (await server.app.toolsmith.storage.tools.list()).map(
    ({ id: _i, order: _o, createdAt: _c, updatedAt: _u, scope: _s, ...rest }) => rest,
  );

describe('tool export for Marinara Engine and Luker', () => {
  let source: TestServer;
  beforeAll(async () => {
    source = await startTestServer();
    await source.app.toolsmith.storage.tools.createMany(tools);
  });
  afterAll(async () => source.close());

  it('refuses an unknown format with a 400 naming the field, on every export route', async () => {
    const id = (await source.app.toolsmith.storage.tools.list())[0].id;
    for (const path of [
      '/api/tools/export?format=sillytavern',
      `/api/tools/${id}/export?format=zip`,
      '/api/tools/export/notes?format=MARINARA',
    ]) {
      const res = await source.request('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe(MSG_EXPORT_FORMAT);
      expect(res.body.details).toEqual([{ field: 'format', message: MSG_EXPORT_FORMAT }]);
    }
  });

  it('Marinara: a function-folder ZIP within Marinara’s rules, notes counted, credentials masked', async () => {
    const file = await download(source, '/api/tools/export?format=marinara');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="marinara-functions.zip"');
    expect(file.headers.get('x-toolsmith-secrets')).toBe('redacted');
    const notes = await source.request('GET', '/api/tools/export/notes?format=marinara');
    expect(notes.body.notes.map((n: any) => `${n.tool}.${n.field}`)).toEqual([
      'TrackGold.name',
      'TrackGold.description',
      'TrackGold.displayName',
      'TrackGold.simulateBody',
    ]);
    expect(file.headers.get('x-toolsmith-export-notes')).toBe('4');
    const files = Object.fromEntries(
      Object.entries(unzipSync(file.bytes)).map(([k, v]) => [k, strFromU8(v)]),
    );
    expect(Object.values(files).join('\n')).not.toMatch(/pw@|token=abc/);
    const root = JSON.parse(files['marinara-functions.json']);
    expect(root.kind).toBe('marinara.function-folder');
    const configs = root.functions.map((f: any) => f.manifest.config);
    for (const c of configs) {
      expect(c.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(c.name.length).toBeLessThanOrEqual(100);
      expect(c.description.length).toBeGreaterThanOrEqual(1);
      expect(c.description.length).toBeLessThanOrEqual(500);
    }
    expect(configs.map((c: any) => c.name)).toEqual(['store_hours', 'post_diary', 'roll', 'trackgold']);
    expect(configs[1].webhookUrl).toBe('https://user:•••@hooks.example.com/diary?token=•••');
  });

  it('Marinara: imports back into a fresh server with everything the format holds', async () => {
    const target = await startTestServer();
    try {
      const file = await download(source, '/api/tools/export?format=marinara&secrets=include');
      expect(file.headers.get('x-toolsmith-secrets')).toBe('included');
      const res = await importFile(target, file.bytes, 'application/zip');
      expect(res.status).toBe(200);
      expect(res.body.imported).toBe(4);
      // webhook and script tools arrive off for review; the review keeps what the file asked for
      expect(res.body.review.map((r: any) => [r.name, r.requestedEnabled, r.requestedHiddenContext])).toEqual(
        [
          ['post_diary', true, true],
          ['roll', false, false],
          ['trackgold', true, false],
        ],
      );
      const back = await stored(target);
      expect(back[0]).toEqual({ ...tools[0] });
      expect(back[1]).toEqual({ ...tools[1], enabled: false, includeHiddenContext: false });
      expect(back[2]).toEqual({ ...tools[2] });
      expect(back[3]).toEqual({
        ...tools[3],
        name: 'trackgold',
        displayName: '',
        description: 'g'.repeat(500),
        simulateBody: '',
        enabled: false,
      });
    } finally {
      await target.close();
    }
  });

  it('Marinara: one tool as the single-function JSON', async () => {
    const list = await source.app.toolsmith.storage.tools.list();
    const roll = list.find((t) => t.name === 'roll')!;
    const file = await download(source, `/api/tools/${roll.id}/export?format=marinara`);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="roll.marinara.json"');
    expect(file.headers.get('x-toolsmith-export-notes')).toBe('0');
    expect(JSON.parse(strFromU8(file.bytes))).toEqual({
      kind: 'marinara.function',
      version: 1,
      config: {
        name: 'roll',
        description: 'A tool.',
        parametersSchema: tools[2].parameters,
        executionType: 'script',
        webhookUrl: null,
        staticResult: null,
        scriptBody: 'return 4;',
        includeHiddenContext: false,
        enabled: false,
      },
    });
  });

  it('Luker: a V4 loop preset with the switches, static as a script, webhook left out and listed', async () => {
    const file = await download(source, '/api/tools/export?format=luker');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="luker-tools-preset.json"');
    const doc = JSON.parse(strFromU8(file.bytes));
    expect(doc).toMatchObject({ format: 'luker_orchestrator_profile_v4', mode: 'loop' });
    expect(doc.profile.tools.custom).toEqual({ store_hours: true, roll: false, TrackGold: true });
    expect(doc.profile.customTools.map((t: any) => t.name)).toEqual(['store_hours', 'roll', 'TrackGold']);
    expect(doc.profile.customTools[0].body).toBe('return "Open 9-5";');
    const notes = await source.request('GET', '/api/tools/export/notes?format=luker');
    expect(notes.body.notes.map((n: any) => `${n.tool}.${n.field}`)).toEqual([
      'store_hours.kind',
      'post_diary.kind',
    ]);
    expect(file.headers.get('x-toolsmith-export-notes')).toBe('2');

    const target = await startTestServer();
    try {
      const res = await importFile(target, file.bytes, 'application/json');
      expect(res.status).toBe(200);
      expect(res.body.review.map((r: any) => [r.name, r.requestedEnabled])).toEqual([
        ['store_hours', true],
        ['roll', false],
        ['TrackGold', true],
      ]);
      const back = await stored(target);
      expect(back[1]).toEqual({ ...tools[2] });
      expect(back[2]).toEqual({ ...tools[3], enabled: false });
    } finally {
      await target.close();
    }
  });

  it('Luker: the loop prompt and limits come from the orchestration profile', async () => {
    const profile = await source.request('GET', '/api/orchestration');
    const put = await source.request('PUT', '/api/orchestration', {
      ...profile.body,
      loop: { agent: { ...profile.body.loop.agent, systemPrompt: 'Keep the ledger.' } },
      limits: { maxRounds: 4 },
    });
    expect(put.status).toBe(200);
    const doc = JSON.parse(strFromU8((await download(source, '/api/tools/export?format=luker')).bytes));
    expect(doc.profile).toMatchObject({ system_prompt: 'Keep the ledger.', max_rounds: 4 });
  });
});

describe('card export for Luker', () => {
  let source: TestServer;
  let target: TestServer;
  let id: string;
  beforeAll(async () => {
    [source, target] = await Promise.all([startTestServer(), startTestServer()]);
    const up = await uploadCard(
      source,
      JSON.stringify(v2Card({ tools: [scriptTool, webhookTool, staticTool] })),
      'application/json',
    );
    const applied = await source.request('POST', `/api/characters/import/${up.body.importId}/apply`, {
      withTools: true,
    });
    id = applied.body.character.id;
  });
  afterAll(async () => Promise.all([source.close(), target.close()]));

  it('JSON: Luker’s orchestrator extension instead of Toolsmith’s, and it imports back with the tools', async () => {
    const file = await download(source, `/api/characters/${id}/export?format=luker`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Ayla.luker.card.json"');
    // the static tool became a script, the webhook was left out
    expect(file.headers.get('x-toolsmith-export-notes')).toBe('2');
    const doc = JSON.parse(strFromU8(file.bytes));
    expect(doc.data.extensions.toolsmith).toBeUndefined();
    const ext = doc.data.extensions.orchestrator;
    expect(ext.activePresetIds).toEqual({ loop: 'toolsmith' });
    const preset = ext.presetLibraries.loop.toolsmith;
    expect(preset.name).toBe('Ayla');
    expect(preset.customTools.map((t: any) => t.name)).toEqual(['track_mood', 'house_rules']);
    expect(doc.data.extensions.other_app).toEqual({ kept: [1, 2] });

    const up = await uploadCard(target, file.bytes, 'application/json');
    expect(up.body.status).toBe('review');
    expect(up.body.review.tools.map((t: any) => [t.name, t.kind])).toEqual([
      ['track_mood', 'script'],
      ['house_rules', 'script'],
    ]);
  });

  it('PNG: the same card in the image, and unknown formats are refused naming the field', async () => {
    const file = await download(source, `/api/characters/${id}/export?format=luker-png`);
    expect(file.headers.get('content-type')).toBe('image/png');
    const up = await uploadCard(target, file.bytes, 'image/png');
    expect(up.body.review.tools.map((t: any) => t.name)).toEqual(['track_mood', 'house_rules']);
    const bad = await source.request('GET', `/api/characters/${id}/export?format=marinara`);
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('format');
  });
});
