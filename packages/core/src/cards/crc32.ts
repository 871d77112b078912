import * as zlib from 'node:zlib';

/** CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) as PNG chunks use it. */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The table-driven CRC, continuing from `crc` (0 to start). */
export function crc32Portable(bytes: Uint8Array, crc = 0): number {
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// Node ≥ 20.15 computes it natively, an order of magnitude faster on portrait-sized chunks.
const native: ((data: Uint8Array, value?: number) => number) | undefined =
  typeof zlib.crc32 === 'function' ? zlib.crc32 : undefined;

/** CRC of the given byte ranges taken one after another (PNG: type then data, without copying). */
export function crc32(...parts: Uint8Array[]): number {
  let crc = 0;
  for (const bytes of parts) crc = native ? native(bytes, crc) : crc32Portable(bytes, crc);
  return crc >>> 0;
}
