// Portraits for characters and personas through the real server: PNG, JPEG and WebP uploaded as bytes or
// base64, checked by their structure, served with their own type and an ETag; anything else refused.
import { defaultCardPng } from '@toolsmith/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from '../avatars/avatar-image.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

/** The smallest JPEG the checker walks: SOI, a baseline frame header (1×1), a scan, EOI. */
const JPEG = Uint8Array.of(
  0xff, 0xd8,
  0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00,
  0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00,
  0x00, 0xff, 0xd9,
); // biome-ignore format: bytes by segment

/** RIFF/WEBP with one VP8L chunk. */
function webp(): Uint8Array {
  const data = Buffer.from([0x2f, 0, 0, 0, 0, 0]);
  const chunk = Buffer.concat([Buffer.from('VP8L'), u32(data.length), data]);
  return new Uint8Array(
    Buffer.concat([Buffer.from('RIFF'), u32(4 + chunk.length), Buffer.from('WEBP'), chunk]),
  );
}
function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

describe('avatars', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const upload = (path: string, bytes: Uint8Array | string, type: string) =>
    fetch(server.url + path, {
      method: 'PUT',
      headers: { 'x-toolsmith-request': '1', 'content-type': type },
      body: bytes,
    });

  it('stores PNG, JPEG and WebP portraits of a character and serves each with its type', async () => {
    const character = (await server.request('POST', '/api/characters', { name: 'Mira' })).body;
    const path = `/api/characters/${character.id}/avatar`;

    for (const [bytes, type] of [
      [defaultCardPng(), 'image/png'],
      [JPEG, 'image/jpeg'],
      [webp(), 'image/webp'],
    ] as const) {
      const put = await upload(path, bytes, type);
      expect(put.status).toBe(200);
      expect(await put.json()).toMatchObject({ hasAvatar: true });
      const got = await fetch(server.url + path);
      expect(got.headers.get('content-type')).toBe(type);
      expect(got.headers.get('cache-control')).toBe('private, no-cache');
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
      // unchanged: the browser's copy is still good
      const again = await fetch(server.url + path, {
        headers: { 'if-none-match': got.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
    // the type is read from the bytes, not from what the client claims
    await upload(path, JPEG, 'application/octet-stream');
    expect((await fetch(server.url + path)).headers.get('content-type')).toBe('image/jpeg');

    // a card exported as PNG with a JPEG portrait still is a PNG card
    const exported = await fetch(`${server.url}/api/characters/${character.id}/export?format=png`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('image/png');

    expect((await server.request('DELETE', path)).status).toBe(204);
    expect((await fetch(server.url + path)).status).toBe(404);
    expect((await server.request('GET', `/api/characters/${character.id}`)).body.hasAvatar).toBe(false);
  });

  it('refuses what is not a sound PNG, JPEG or WebP, naming the problem', async () => {
    const character = (await server.request('POST', '/api/characters', { name: 'Iris' })).body;
    const path = `/api/characters/${character.id}/avatar`;
    const svg = await upload(
      path,
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/png',
    );
    expect(svg.status).toBe(400);
    expect(((await svg.json()) as { details: unknown }).details).toEqual([
      { field: 'avatar', message: 'A portrait must be a PNG, JPEG or WebP image.' },
    ]);
    const cut = await upload(path, JPEG.subarray(0, 12), 'image/jpeg');
    expect(cut.status).toBe(400);
    expect(((await cut.json()) as { error: string }).error).toMatch(
      /^The image is damaged: a JPEG segment runs past the end/,
    );
    const brokenPng = defaultCardPng().slice();
    brokenPng[20] ^= 0xff; // inside IHDR: its CRC no longer matches
    expect((await upload(path, brokenPng, 'image/png')).status).toBe(400);
    const tooBig = await upload(path, new Uint8Array(MAX_AVATAR_BYTES + 1), 'image/png');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: string }).error).toBe(
      `A portrait may be at most ${MAX_AVATAR_BYTES} bytes.`,
    );
    expect((await upload(path, 'hello', 'text/plain')).status).toBe(415);
    expect((await server.request('GET', `/api/characters/${character.id}`)).body.hasAvatar).toBe(false);
    expect((await upload('/api/characters/nope/avatar', JPEG, 'image/jpeg')).status).toBe(404);
  });

  it('takes base64 portraits (data URLs too) in JSON for personas and characters', async () => {
    const persona = await server.request('POST', '/api/personas', {
      name: 'Me',
      avatar: `data:image/webp;base64,${Buffer.from(webp()).toString('base64')}`,
    });
    expect(persona.status).toBe(201);
    const got = await fetch(`${server.url}/api/personas/${persona.body.id}/avatar`);
    expect(got.headers.get('content-type')).toBe('image/webp');
    const put = await upload(`/api/personas/${persona.body.id}/avatar`, JPEG, 'image/jpeg');
    expect(put.status).toBe(200);
    const bad = await server.request('PATCH', `/api/personas/${persona.body.id}`, {
      avatar: Buffer.from('GIF89a....').toString('base64'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toEqual({
      field: 'avatar',
      message: 'avatar: A portrait must be a PNG, JPEG or WebP image.',
    });
    const character = await server.request('POST', '/api/characters', {
      name: 'Jo',
      avatar: Buffer.from(JPEG).toString('base64'),
    });
    expect(character.body.hasAvatar).toBe(true);
  });
});
