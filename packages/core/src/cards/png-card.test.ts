import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { v2CardDocument, v3CardDocument } from './__fixtures__/cards.js';
import { type CardErrorCode, isCardError } from './card-error.js';
import { encodeCardPayload } from './card-payload.js';
import { defaultCardPng } from './default-png.js';
import { DEFAULT_CARD_LIMITS } from './limits.js';
import { readCardPng, writeCardPng } from './png-card.js';
import { type PngChunk, readPngChunks, writePngChunks } from './png-chunks.js';
import { cardChunkKeyword, makeTextChunk, readTextChunk } from './png-text.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** The default image with extra chunks inserted before IEND. */
function pngWith(...extra: PngChunk[]): Uint8Array {
  const chunks = readPngChunks(defaultCardPng());
  chunks.splice(chunks.length - 1, 0, ...extra);
  return writePngChunks(chunks);
}

const zTXt = (keyword: string, text: string): PngChunk => ({
  type: 'zTXt',
  data: concat(bytes(keyword), Uint8Array.of(0, 0), zlibSync(bytes(text))),
});
const iTXt = (keyword: string, text: string, compressed: boolean): PngChunk => ({
  type: 'iTXt',
  data: concat(
    bytes(keyword),
    Uint8Array.of(0, compressed ? 1 : 0, 0),
    bytes('en'),
    Uint8Array.of(0),
    bytes('Chara'),
    Uint8Array.of(0),
    compressed ? zlibSync(bytes(text)) : bytes(text),
  ),
});

function codeOf(fn: () => unknown): CardErrorCode | undefined {
  try {
    fn();
  } catch (error) {
    if (isCardError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('card PNGs', () => {
  it('writes chara and ccv3 chunks and reads the V3 one back', () => {
    const v2 = v2CardDocument();
    const v3 = v3CardDocument();
    const png = writeCardPng(defaultCardPng(), { chara: v2, ccv3: v3 });
    const types = readPngChunks(png).map((c) => cardChunkKeyword(c) ?? c.type);
    expect(types).toEqual(['IHDR', 'IDAT', 'chara', 'ccv3', 'IEND']);
    const read = readCardPng(png);
    expect(read.keyword).toBe('ccv3');
    expect(read.document).toEqual(v3);
    expect(read.warnings).toEqual([]);
  });

  it('reads a PNG that has only a chara chunk', () => {
    const read = readCardPng(writeCardPng(defaultCardPng(), { chara: v2CardDocument() }));
    expect(read.keyword).toBe('chara');
    expect(read.document).toEqual(v2CardDocument());
  });

  it('replaces existing card chunks and keeps the image and other chunks', () => {
    const comment = makeTextChunk('Comment', 'drawn by hand');
    const source = pngWith(
      comment,
      zTXt('chara', encodeCardPayload({ old: true })),
      iTXt('ccv3', 'x', false),
    );
    const png = writeCardPng(source, { chara: v2CardDocument(), ccv3: v3CardDocument() });
    const chunks = readPngChunks(png);
    expect(chunks.filter((c) => cardChunkKeyword(c) === 'chara')).toHaveLength(1);
    expect(chunks.filter((c) => cardChunkKeyword(c) === 'ccv3')).toHaveLength(1);
    expect(chunks.every((c) => cardChunkKeyword(c) === undefined || c.type === 'tEXt')).toBe(true);
    expect(chunks.some((c) => c.type === 'tEXt' && readTextChunk(c, 100) === 'drawn by hand')).toBe(true);
    const idat = (p: Uint8Array) => readPngChunks(p).find((c) => c.type === 'IDAT')!.data;
    expect(idat(png)).toEqual(idat(source));
    expect(readCardPng(png).document).toEqual(v3CardDocument());
  });

  it('returns the portrait without the card chunks', () => {
    const read = readCardPng(
      pngWith(makeTextChunk('Comment', 'kept'), makeTextChunk('chara', encodeCardPayload(v2CardDocument()))),
    );
    const types = readPngChunks(read.image).map((c) => c.type);
    expect(types).toEqual(['IHDR', 'IDAT', 'tEXt', 'IEND']);
    expect(readPngChunks(read.image).every((c) => cardChunkKeyword(c) === undefined)).toBe(true);
  });

  it('accepts the card in zTXt and in compressed and plain iTXt chunks', () => {
    const doc = v3CardDocument();
    for (const chunk of [
      zTXt('ccv3', encodeCardPayload(doc)),
      iTXt('ccv3', encodeCardPayload(doc), true),
      iTXt('ccv3', encodeCardPayload(doc), false),
    ]) {
      expect(readCardPng(pngWith(chunk)).document).toEqual(doc);
    }
  });

  it('accepts raw JSON (not base64) from old writers, including UTF-8 text', () => {
    const doc = v2CardDocument();
    const json = JSON.stringify(doc);
    const latin1OfUtf8 = String.fromCharCode(...bytes(json));
    expect(readCardPng(pngWith(makeTextChunk('chara', latin1OfUtf8))).document).toEqual(doc);
    expect(readCardPng(pngWith(iTXt('chara', json, false))).document).toEqual(doc);
  });

  it('matches the card keyword case-insensitively', () => {
    const read = readCardPng(pngWith(makeTextChunk('Chara', encodeCardPayload(v2CardDocument()))));
    expect(read.document).toEqual(v2CardDocument());
  });

  it('refuses a PNG without a card chunk', () => {
    const png = pngWith(makeTextChunk('Comment', 'no card here'));
    expect(codeOf(() => readCardPng(png))).toBe('missing_chunk');
    expect(() => readCardPng(png)).toThrow(/no "chara" or "ccv3" text chunk/);
  });

  it('refuses bad base64, text that is not JSON, and bytes that are not UTF-8', () => {
    expect(codeOf(() => readCardPng(pngWith(makeTextChunk('chara', 'not*base64!'))))).toBe('bad_base64');
    expect(codeOf(() => readCardPng(pngWith(makeTextChunk('chara', 'QUJD\u00e9'))))).toBe('bad_base64');
    expect(codeOf(() => readCardPng(pngWith(makeTextChunk('chara', 'QUJDR'))))).toBe('bad_base64');
    expect(codeOf(() => readCardPng(pngWith(makeTextChunk('chara', ''))))).toBe('bad_base64');
    const notJson = Buffer.from('hello there').toString('base64');
    expect(codeOf(() => readCardPng(pngWith(makeTextChunk('chara', notJson))))).toBe('bad_json');
    const notUtf8 = Buffer.from([0xff, 0xfe, 0x7b]).toString('base64');
    expect(codeOf(() => readCardPng(pngWith(makeTextChunk('chara', notUtf8))))).toBe('bad_text');
  });

  it('accepts base64 without padding and with line breaks', () => {
    const encoded = encodeCardPayload(v2CardDocument()).replace(/=+$/, '');
    const wrapped = encoded.replace(/(.{76})/g, '$1\n');
    expect(readCardPng(pngWith(makeTextChunk('chara', wrapped))).document).toEqual(v2CardDocument());
  });

  it('falls back to the V2 copy when the V3 chunk is broken, and says so', () => {
    const png = pngWith(
      makeTextChunk('chara', encodeCardPayload(v2CardDocument())),
      makeTextChunk('ccv3', '%%%'),
    );
    const read = readCardPng(png);
    expect(read.keyword).toBe('chara');
    expect(read.document).toEqual(v2CardDocument());
    expect(read.warnings[0]).toMatch(/V3 data could not be read .*not valid base64.*V2 copy was used/);
  });

  it('refuses a bad V3 chunk when there is no V2 copy', () => {
    expect(codeOf(() => readCardPng(pngWith(makeTextChunk('ccv3', '%%%'))))).toBe('bad_base64');
  });

  it('stops a compressed chunk that inflates past the limit', () => {
    const bomb = iTXt('ccv3', 'A'.repeat(200_000), true);
    const limits = { ...DEFAULT_CARD_LIMITS, maxCardJsonBytes: 10_000 };
    expect(codeOf(() => readCardPng(pngWith(bomb), limits))).toBe('too_large');
    expect(codeOf(() => readCardPng(pngWith(zTXt('ccv3', 'A'.repeat(200_000))), limits))).toBe('too_large');
  });

  it('refuses corrupt compressed text', () => {
    const broken: PngChunk = { type: 'zTXt', data: concat(bytes('chara'), Uint8Array.of(0, 0, 1, 2, 3, 4)) };
    expect(codeOf(() => readCardPng(pngWith(broken)))).toBe('bad_text');
    const method: PngChunk = { type: 'zTXt', data: concat(bytes('chara'), Uint8Array.of(0, 7, 1)) };
    expect(codeOf(() => readCardPng(pngWith(method)))).toBe('bad_text');
  });

  it('writes text chunks in Latin-1 only', () => {
    expect(readTextChunk(makeTextChunk('Title', 'Caf\u00e9'), 100)).toBe('Caf\u00e9');
    expect(makeTextChunk('Title', 'Caf\u00e9').data.length).toBe('Title'.length + 1 + 4);
    expect(() => makeTextChunk('Title', '\u706f')).toThrow(/Latin-1/);
  });

  it('refuses to write into a corrupt PNG', () => {
    const png = defaultCardPng();
    png[png.length - 1] ^= 1;
    expect(codeOf(() => writeCardPng(png, { chara: v2CardDocument() }))).toBe('bad_crc');
  });
});
