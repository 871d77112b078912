import { createHash } from 'node:crypto';
import { DEFAULT_CARD_LIMITS, readPngChunks } from '@toolsmith/core/internal';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Portraits of characters and personas: PNG, JPEG or WebP, at most MAX_AVATAR_BYTES, checked by their own
 * structure (not by a name or a claimed type) and served with the type read from the bytes. SVG and
 * anything else are refused: a portrait is never a document a browser could run.
 */

export const MAX_AVATAR_BYTES = 4 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The image type the bytes start like (undefined: none we take). */
export function sniffAvatarType(bytes: Uint8Array): AvatarType | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return 'image/webp';
  return undefined;
}

/** JPEG: markers from SOI through a frame header (SOF) to the scan (SOS), each segment inside the file. */
function jpegProblem(bytes: Uint8Array): string | undefined {
  let at = 2;
  let frame = false;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return 'a JPEG segment does not start with a marker';
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) return 'a JPEG segment runs past the end of the file';
    // SOF0–SOF15 except DHT (C4), JPG (C8), DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[at + 5] << 8) | bytes[at + 6];
      const width = (bytes[at + 7] << 8) | bytes[at + 8];
      if (length < 8 || width === 0 || height === 0) return 'the JPEG frame has no size';
      frame = true;
    }
    if (marker === 0xda) return frame ? undefined : 'the JPEG has no frame header before its image data';
    at += 2 + length;
  }
  return 'the JPEG ends before its image data';
}

/** WebP: the RIFF size matches the file and the first chunk is VP8, VP8L or VP8X. */
function webpProblem(bytes: Uint8Array): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffSize = view.getUint32(4, true);
  if (riffSize + 8 > bytes.length || riffSize < 12)
    return 'the WebP file is cut off (its RIFF size is larger)';
  const chunk = ascii(bytes, 12, 4);
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(chunk)) return 'the WebP has no VP8, VP8L or VP8X image chunk';
  return undefined;
}

/** The type of a valid portrait, or a sentence saying what is wrong with it. */
export function checkAvatar(bytes: Uint8Array): { type: AvatarType } | { problem: string } {
  if (bytes.length === 0) return { problem: 'The image is empty.' };
  if (bytes.length > MAX_AVATAR_BYTES) {
    return {
      problem: `The image is ${bytes.length} bytes; a portrait may be at most ${MAX_AVATAR_BYTES} bytes.`,
    };
  }
  const type = sniffAvatarType(bytes);
  if (!type) return { problem: 'A portrait must be a PNG, JPEG or WebP image.' };
  let problem: string | undefined;
  if (type === 'image/png') {
    try {
      readPngChunks(bytes, { ...DEFAULT_CARD_LIMITS, maxFileBytes: MAX_AVATAR_BYTES });
    } catch (error) {
      problem = (error as Error).message;
    }
  } else problem = type === 'image/jpeg' ? jpegProblem(bytes) : webpProblem(bytes);
  return problem ? { problem: `The image is damaged: ${problem.replace(/\.$/, '')}.` } : { type };
}

/**
 * A JSON body's `avatar` field: base64 bytes (a `data:image/...;base64,` prefix is fine) or null to remove.
 * Reports through `add` and returns undefined when it is not a valid portrait.
 */
export function parseAvatarField(
  value: unknown,
  add: (field: string, message: string) => void,
): Uint8Array | null | undefined {
  if (value === null) return null;
  const text =
    typeof value === 'string'
      ? value.replace(/^data:image\/[a-z]+;base64,/, '').replace(/\s+/g, '')
      : undefined;
  if (text === undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    add('avatar', 'avatar must be a PNG, JPEG or WebP image sent as base64, or null to remove it.');
    return undefined;
  }
  const bytes = new Uint8Array(Buffer.from(text, 'base64'));
  const checked = checkAvatar(bytes);
  if ('problem' in checked) {
    add('avatar', `avatar: ${checked.problem}`);
    return undefined;
  }
  return bytes;
}

/**
 * Answers with a stored portrait: its own type, an ETag of its bytes (the browser revalidates and gets 304
 * while it is unchanged) and no caching by shared caches.
 */
export function sendAvatar(request: FastifyRequest, reply: FastifyReply, avatar: Uint8Array) {
  const etag = `"${createHash('sha256').update(avatar).digest('base64url').slice(0, 27)}"`;
  reply
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply
    .header('content-type', sniffAvatarType(avatar) ?? 'application/octet-stream')
    .send(Buffer.from(avatar.buffer, avatar.byteOffset, avatar.byteLength));
}
