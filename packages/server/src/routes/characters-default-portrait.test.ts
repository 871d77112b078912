import { readCard, readPngChunks } from '@toolsmith/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { download, uploadCard, v2Card } from './__fixtures__/character-cards.js';

// Issue 14.6: a character without a portrait exports as a PNG card on a generated default image (400×600,
// a silhouette), never an error or a one-pixel image, and that PNG imports back.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('PNG export of a character without a portrait', () => {
  it('answers a 400×600 PNG card that imports back', async () => {
    const created = await server.request('POST', '/api/characters', { name: 'Nobody Drew Me' });
    expect(created.status).toBe(201);
    expect(created.body.hasAvatar).toBe(false);
    const file = await download(server, `/api/characters/${created.body.id}/export?format=png`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const ihdr = readPngChunks(file.bytes)[0]!;
    const view = new DataView(ihdr.data.buffer, ihdr.data.byteOffset);
    expect([view.getUint32(0), view.getUint32(4)]).toEqual([400, 600]);
    expect(readCard(file.bytes).card.name).toBe('Nobody Drew Me');
    const again = await uploadCard(server, file.bytes, 'image/png');
    expect(again.status).toBe(201);
    expect(again.body.character).toMatchObject({ name: 'Nobody Drew Me', hasAvatar: true });
  });

  it('an imported JSON card (no image) exports as PNG too', async () => {
    const imported = await uploadCard(server, JSON.stringify(v2Card()), 'application/json');
    const file = await download(server, `/api/characters/${imported.body.character.id}/export?format=png`);
    expect(file.status).toBe(200);
    expect(readCard(file.bytes).card.name).toBe('Ayla');
  });
});
