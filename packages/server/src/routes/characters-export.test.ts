// Card export and round trips through HTTP: JSON V2 and V3 and PNG, with the character's tools and its
// lorebook, imported again into a fresh server.
import { readCard } from '@toolsmith/core';
import { cardChunkKeyword, readPngChunks } from '@toolsmith/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import {
  download,
  scriptTool,
  staticTool,
  uploadCard,
  v2Card,
  webhookTool,
} from './__fixtures__/character-cards.js';

const CARD_FIELDS = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'tags',
  'creator_notes',
] as const;

async function importWithTools(server: TestServer, bytes: Uint8Array | string, type: string) {
  const res = await uploadCard(server, bytes, type);
  expect(res.body.status).toBe('review');
  const applied = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {
    withTools: true,
  });
  expect(applied.status).toBe(201);
  return { review: res.body.review, saved: applied.body };
}

const toolShape = (t: any) => ({ name: t.name, kind: t.kind, mode: t.mode, description: t.description });

describe('card export', () => {
  let source: TestServer;
  let target: TestServer;
  let characterId: string;
  let original: any;

  beforeAll(async () => {
    [source, target] = await Promise.all([startTestServer(), startTestServer()]);
    const card = v2Card({ tools: [scriptTool, webhookTool, staticTool] });
    const { saved } = await importWithTools(source, JSON.stringify(card), 'application/json');
    characterId = saved.character.id;
    original = saved;
  });
  afterAll(async () => Promise.all([source.close(), target.close()]));

  for (const version of ['v2', 'v3'] as const) {
    it(`JSON ${version}: carries every card field, the tools and the lorebook, and imports back the same`, async () => {
      const file = await download(
        source,
        `/api/characters/${characterId}/export?format=json&version=${version}&secrets=include`,
      );
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="Ayla.card.json"');
      const doc = JSON.parse(Buffer.from(file.bytes).toString('utf8'));
      expect(doc.spec).toBe(version === 'v2' ? 'chara_card_v2' : 'chara_card_v3');
      const ext = doc.data.extensions.toolsmith;
      expect(ext.tools.map((t: any) => t.name).sort()).toEqual(['house_rules', 'post_diary', 'track_mood']);
      // asked for (secrets=include), the full webhook URL travels in the card; by default it is masked
      expect(ext.tools.find((t: any) => t.name === 'post_diary').webhookUrl).toBe(webhookTool.webhookUrl);
      expect(doc.data.character_book.entries.map((e: any) => e.content)).toEqual([
        'The lighthouse is old.',
        'Storms come from the west.',
      ]);
      expect(doc.data.extensions.other_app).toEqual({ kept: [1, 2] });

      const { review, saved } = await importWithTools(target, file.bytes, 'application/json');
      expect(review.version).toBe(version);
      expect(review.tools.map(toolShape)).toEqual(original.tools.map(toolShape));
      for (const field of CARD_FIELDS)
        expect(saved.character[field], field).toEqual(original.character[field]);
      const tools = (await target.request('GET', `/api/characters/${saved.character.id}/tools`)).body.tools;
      expect(tools.find((t: any) => t.name === 'track_mood')).toMatchObject({
        body: scriptTool.body,
        simulateBody: scriptTool.simulateBody,
        enabled: false,
      });
      expect(tools.find((t: any) => t.name === 'house_rules')).toMatchObject({
        staticResult: staticTool.staticResult,
        enabled: true,
      });
      const book = await target.request('GET', `/api/lorebooks/${saved.character.lorebookId}`);
      expect(book.body.entries.map((e: any) => e.keys)).toEqual([['lighthouse'], ['storm']]);
    });
  }

  it('PNG: the portrait carries ccv3 and chara chunks with the tools, and imports back the same', async () => {
    const file = await download(source, `/api/characters/${characterId}/export?format=png`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Ayla.png"');
    const keywords = readPngChunks(file.bytes)
      .map((chunk) => cardChunkKeyword(chunk))
      .filter(Boolean)
      .sort();
    expect(keywords).toEqual(['ccv3', 'chara']);
    const read = readCard(file.bytes);
    expect(read.format).toBe('png');
    expect(read.version).toBe('v3');
    const { review, saved } = await importWithTools(target, file.bytes, 'image/png');
    expect(review.hasImage).toBe(true);
    expect(review.tools.map(toolShape)).toEqual(original.tools.map(toolShape));
    for (const field of CARD_FIELDS) expect(saved.character[field], field).toEqual(original.character[field]);
    expect(saved.character.hasAvatar).toBe(true);
  });

  it('a portrait given to the character is the exported PNG image (card chunks aside)', async () => {
    const first = await download(source, `/api/characters/${characterId}/export?format=png`);
    const { saved } = await importWithTools(target, first.bytes, 'image/png');
    const avatar = await download(target, `/api/characters/${saved.character.id}/avatar`);
    const again = await download(target, `/api/characters/${saved.character.id}/export?format=png`);
    // the stored portrait is the image without card chunks; the export adds them back
    expect(readCard(again.bytes).image).toEqual(readCard(first.bytes).image);
    expect(avatar.bytes.length).toBeLessThan(again.bytes.length);
  });

  it('exports edits made after import, and refuses unknown formats', async () => {
    await source.request('PATCH', `/api/characters/${characterId}`, { personality: 'stormy' });
    const file = await download(source, `/api/characters/${characterId}/export?version=v3`);
    expect(JSON.parse(Buffer.from(file.bytes).toString('utf8')).data.personality).toBe('stormy');
    const bad = await source.request('GET', `/api/characters/${characterId}/export?format=gif&version=v9`);
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field)).toEqual(['format', 'version']);
    expect((await source.request('GET', '/api/characters/chr_none/export')).status).toBe(404);
  });
});
