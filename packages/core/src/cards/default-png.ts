import { zlibSync } from 'fflate';
import { writePngChunks } from './png-chunks.js';

/** The default portrait's size: the 2:3 of SillyTavern's character cards. */
export const DEFAULT_PORTRAIT_WIDTH = 400;
export const DEFAULT_PORTRAIT_HEIGHT = 600;

/** A hue (0–359) from the name, so characters without a portrait still tell apart at a glance. */
function hueOf(name: string): number {
  let hash = 2166136261;
  for (const ch of name) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash % 360;
}

/** HSL (s, l in 0–1) to 8-bit RGB. */
function rgb(hue: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * The portrait of a card exported without an image of its own: a 400×600 PNG of a head-and-shoulders
 * silhouette on a vertical gradient, its hue taken from the character's name (the same name, the same image).
 */
export function defaultCardPng(name = ''): Uint8Array {
  const width = DEFAULT_PORTRAIT_WIDTH;
  const height = DEFAULT_PORTRAIT_HEIGHT;
  const hue = hueOf(name);
  const figure = rgb(hue, 0.25, 0.82);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, adaptive filter, no interlace
  const stride = 1 + width * 3;
  const pixels = new Uint8Array(stride * height);
  const head = { x: width / 2, y: height * 0.4, r: width * 0.2 };
  const body = { x: width / 2, y: height * 0.98, rx: width * 0.42, ry: height * 0.3 };
  for (let y = 0; y < height; y++) {
    const row = y * stride; // the filter byte stays 0 (none)
    const [br, bg, bb] = rgb(hue, 0.35, 0.42 - 0.16 * (y / height));
    // the figure on this row: the union of the head's and the shoulders' spans (x from..to)
    const spans: Array<[number, number]> = [];
    const dy = y - head.y;
    if (Math.abs(dy) <= head.r) {
      const half = Math.sqrt(head.r ** 2 - dy ** 2);
      spans.push([head.x - half, head.x + half]);
    }
    const t = (y - body.y) / body.ry;
    if (Math.abs(t) <= 1) {
      const half = body.rx * Math.sqrt(1 - t * t);
      spans.push([body.x - half, body.x + half]);
    }
    for (let x = 0; x < width; x++) {
      const inFigure = spans.some(([from, to]) => x >= from && x <= to);
      const at = row + 1 + x * 3;
      pixels[at] = inFigure ? figure[0] : br;
      pixels[at + 1] = inFigure ? figure[1] : bg;
      pixels[at + 2] = inFigure ? figure[2] : bb;
    }
  }
  return writePngChunks([
    { type: 'IHDR', data: header },
    { type: 'IDAT', data: zlibSync(pixels) },
    { type: 'IEND', data: new Uint8Array(0) },
  ]);
}
