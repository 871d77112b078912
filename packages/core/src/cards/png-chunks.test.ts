import { describe, expect, it } from 'vitest';
import { type CardErrorCode, isCardError } from './card-error.js';
import { crc32, crc32Portable } from './crc32.js';
import { defaultCardPng } from './default-png.js';
import { DEFAULT_CARD_LIMITS } from './limits.js';
import { isPng, PNG_SIGNATURE, readPngChunks, writePngChunks } from './png-chunks.js';

const ascii = (s: string) => new TextEncoder().encode(s);

function codeOf(fn: () => unknown): CardErrorCode | undefined {
  try {
    fn();
  } catch (error) {
    if (isCardError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('crc32', () => {
  it('matches the standard check value and works across split inputs', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(ascii('1234'), ascii('56789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
  it('gives the same answers with the portable table as with the native one', () => {
    const data = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7919) & 0xff);
    expect(crc32Portable(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32Portable(data)).toBe(crc32(data));
    expect(crc32Portable(data.subarray(500), crc32Portable(data.subarray(0, 500)))).toBe(crc32(data));
  });
  it('gives the CRC PNG stores for IEND', () => {
    expect(crc32(ascii('IEND'))).toBe(0xae426082);
  });
});

describe('PNG chunks', () => {
  it('reads the default image and writes it back byte for byte', () => {
    const png = defaultCardPng();
    expect(isPng(png)).toBe(true);
    const chunks = readPngChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset).getUint32(0)).toBe(400);
    expect(writePngChunks(chunks)).toEqual(png);
  });

  it('keeps chunks it does not know, in order', () => {
    const [ihdr, idat, iend] = readPngChunks(defaultCardPng());
    const custom = { type: 'ruSt', data: Uint8Array.of(1, 2, 3) };
    const again = readPngChunks(writePngChunks([ihdr!, custom, idat!, iend!]));
    expect(again.map((c) => c.type)).toEqual(['IHDR', 'ruSt', 'IDAT', 'IEND']);
    expect([...again[1]!.data]).toEqual([1, 2, 3]);
  });

  it('ignores bytes after IEND', () => {
    const png = defaultCardPng();
    const padded = new Uint8Array(png.length + 5);
    padded.set(png);
    expect(readPngChunks(padded).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('refuses a file with the wrong signature', () => {
    const png = defaultCardPng();
    png[1] = 0x51;
    expect(codeOf(() => readPngChunks(png))).toBe('bad_signature');
    expect(codeOf(() => readPngChunks(ascii('{"name":"x"}')))).toBe('bad_signature');
    expect(codeOf(() => readPngChunks(PNG_SIGNATURE.subarray(0, 4)))).toBe('bad_signature');
  });

  it('refuses a chunk whose CRC does not match its data', () => {
    const png = defaultCardPng();
    // the first byte of IDAT's data: signature 8 + IHDR 25 + IDAT length and type 8
    png[8 + 25 + 8] ^= 0xff;
    const error = (() => {
      try {
        readPngChunks(png);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(isCardError(error) && error.code).toBe('bad_crc');
    expect(error?.message).toMatch(/IDAT chunk at byte 33 is corrupt \(CRC mismatch\)/);
  });

  it('refuses a chunk cut off by the end of the file', () => {
    const png = defaultCardPng();
    expect(codeOf(() => readPngChunks(png.subarray(0, 8 + 25 + 10)))).toBe('truncated');
    // cut exactly between chunks: IEND never arrives
    expect(codeOf(() => readPngChunks(png.subarray(0, png.length - 12)))).toBe('truncated');
    expect(codeOf(() => readPngChunks(png.subarray(0, 8)))).toBe('truncated');
  });

  it('refuses malformed chunk types, an impossible length and a first chunk other than IHDR', () => {
    const png = defaultCardPng();
    const badType = png.slice();
    badType[8 + 4] = 0x31; // '1' in the IHDR type
    expect(codeOf(() => readPngChunks(badType))).toBe('bad_chunk');
    const hugeLength = png.slice();
    new DataView(hugeLength.buffer).setUint32(8, 0x80000000);
    expect(codeOf(() => readPngChunks(hugeLength))).toBe('bad_chunk');
    const [ihdr, idat, iend] = readPngChunks(png);
    expect(codeOf(() => readPngChunks(writePngChunks([idat!, ihdr!, iend!])))).toBe('bad_chunk');
  });

  it('refuses files over the size and chunk-count limits with 413', () => {
    const png = defaultCardPng();
    let caught: unknown;
    try {
      readPngChunks(png, { ...DEFAULT_CARD_LIMITS, maxFileBytes: png.length - 1 });
    } catch (error) {
      caught = error;
    }
    expect(isCardError(caught) && caught.code).toBe('too_large');
    expect((caught as { status: number }).status).toBe(413);
    expect(codeOf(() => readPngChunks(png, { ...DEFAULT_CARD_LIMITS, maxChunks: 2 }))).toBe('too_large');
  });

  it('writes only valid chunk types', () => {
    expect(() => writePngChunks([{ type: 'IH1R', data: new Uint8Array(0) }])).toThrow(
      /Invalid PNG chunk type/,
    );
  });
});
