import { zlibSync } from 'fflate';
import { writePngChunks } from './png-chunks.js';

/** A 1×1 grey, opaque PNG: the portrait of a card exported without an image of its own. */
export function defaultCardPng(): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, 1); // width
  view.setUint32(4, 1); // height
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, adaptive filter, no interlace
  const scanline = Uint8Array.of(0, 0x80, 0x80, 0x80, 0xff); // filter byte + one pixel
  return writePngChunks([
    { type: 'IHDR', data: header },
    { type: 'IDAT', data: zlibSync(scanline) },
    { type: 'IEND', data: new Uint8Array(0) },
  ]);
}
