import { jsonStringBody } from './json-string.js';
import { decodeEscape, isTokenChar, keyJson, LITERALS, NUMBER } from './py-tokens.js';
import { isHighSurrogate, isWhitespace } from './scan-utils.js';

/**
 * Python-style literal syntax models write arguments in. `python`: 'single' or "double" quoted strings
 * with escapes, True/False/None (and JSON's true/false/null), tuples and sets as arrays. `gemma`: strings
 * between `<escape>` or `<|"|>` markers, bare words as keys (and as string values).
 */
export type LiteralDialect = 'python' | 'gemma';

const GEMMA_QUOTES = ['<|"|>', '<escape>'];
interface Frame {
  close: number;
  /** `{` not yet known to be a dict or a set (its output is held until it is) */
  brace: 'unknown' | 'dict' | 'set' | 'none';
  expect: 'first' | 'value' | 'key' | 'colon' | 'comma';
  /** output held for a dict key (JSON keys must be strings) or an undecided brace */
  held: string | null;
  /** a `,` was read: written when the next element starts (a trailing comma writes nothing) */
  comma: boolean;
}

/**
 * Turns one literal into JSON text as it streams: strings piece by piece, containers as they open and
 * close, scalars once whole. `feed` consumes what it can and returns where it stopped; it stops at the
 * character after the value (a `,` or `)` of the caller) or waits at the end of the buffer. Linear: every
 * character is looked at once (plus a bounded look at a string marker cut off at the buffer end).
 */
export class LiteralTranscoder {
  private readonly frames: Frame[] = [];
  private str: { quote: string; raw: boolean; escape: string | null } | null = null;
  private token = '';
  private pendingHigh = '';
  private started = false;
  done = false;
  error: string | null = null;
  /** the error is that the input ended inside the value */
  truncated = false;

  constructor(
    private readonly dialect: LiteralDialect,
    private readonly emit: (json: string) => void,
  ) {}

  /** Consumes `buf` from `from`; returns the index it stopped at. */
  feed(buf: string, from: number, final: boolean): number {
    let i = from;
    const n = buf.length;
    while (i < n && !this.done && !this.error) {
      if (this.str) {
        i = this.stringPart(buf, i, final);
        if (this.str && i >= n) break;
        if (this.str) return i; // waiting for the rest of a closing marker
        continue;
      }
      const c = buf.charCodeAt(i);
      if (this.token) {
        if (isTokenChar(c)) {
          this.token += buf[i++];
          continue;
        }
        if ((c === 39 || c === 34) && /^[rRuU]$/.test(this.token)) {
          this.openString(buf[i], this.token === 'r' || this.token === 'R');
          this.token = '';
          i++;
          continue;
        }
        this.endToken();
        continue;
      }
      if (isWhitespace(c)) {
        i++;
        continue;
      }
      if (this.dialect === 'gemma' && c === 0x3c /* < */) {
        const quote = GEMMA_QUOTES.find((q) => buf.startsWith(q, i));
        if (quote) {
          this.value();
          this.openString(quote, true);
          i += quote.length;
          continue;
        }
        if (!final && GEMMA_QUOTES.some((q) => q.startsWith(buf.slice(i, n)))) return i;
      }
      i = this.punct(buf, i, c);
    }
    if (final && !this.done && !this.error && i >= n) this.end();
    return i;
  }

  /** The input ended: a scalar in progress completes the value; anything else open is an error. */
  end(): void {
    if (this.token) this.endToken();
    if (this.done || this.error) return;
    if (this.str || this.frames.length || !this.started) {
      this.error = 'the value was cut off';
      this.truncated = true;
    }
  }

  /** Records the error; the index returned is where reading stopped (the caller skips from there). */
  private fail(message: string, at: number): number {
    this.error = message;
    return at;
  }

  private punct(buf: string, i: number, c: number): number {
    const top = this.frames[this.frames.length - 1];
    switch (c) {
      case 39: // '
      case 34: // "
        if (this.dialect === 'gemma') break;
        this.value();
        this.openString(buf[i], false);
        return i + 1;
      case 91: // [
      case 40: // (
      case 123: // {
        this.value();
        this.frames.push({
          close: c === 123 ? 125 : c === 91 ? 93 : 41,
          brace: c === 123 ? (this.dialect === 'gemma' ? 'dict' : 'unknown') : 'none',
          expect: 'first',
          held: null,
          comma: false,
        });
        if (c === 123 && this.dialect === 'gemma') this.out('{');
        else if (c !== 123) this.out('[');
        return i + 1;
      case 93:
      case 41:
      case 125:
        if (!top) {
          // the caller's closing bracket: the value ended just before it
          if (!this.started) return this.fail('expected a value', i);
          this.done = true;
          return i;
        }
        if (c !== top.close) return this.fail(`unexpected "${buf[i]}"`, i);
        if (top.expect === 'colon' || (top.expect === 'value' && top.brace === 'dict'))
          return this.fail('a key without a value', i);
        this.frames.pop();
        if (top.brace === 'unknown') this.out(top.held === null ? '{}' : `[${top.held}]`);
        else this.out(top.brace === 'dict' ? '}' : ']');
        this.afterValue();
        return i + 1;
      case 44: // ,
        if (!top) {
          if (!this.started) return this.fail('expected a value', i);
          this.done = true;
          return i;
        }
        if (top.expect !== 'comma') return this.fail('unexpected ","', i);
        if (top.brace === 'unknown') {
          const first = top.held ?? '';
          top.brace = 'set';
          top.held = null;
          this.out(`[${first}`);
        }
        top.comma = true;
        top.expect = top.brace === 'dict' ? 'key' : 'value';
        return i + 1;
      case 58: // :
        if (top?.expect !== 'colon') {
          if (top?.brace === 'unknown' && top.expect === 'comma') return this.toDict(top, i);
          return this.fail('unexpected ":"', i);
        }
        {
          const key = top.held ?? '';
          top.held = null;
          this.out(`${keyJson(key)}:`);
        }
        top.expect = 'value';
        return i + 1;
    }
    if (isTokenChar(c)) {
      this.token = buf[i];
      return i + 1;
    }
    return this.fail(`unexpected "${buf[i]}"`, i);
  }

  /** `{` then a first element then `:`: a dict after all; the held element is its first key. */
  private toDict(top: Frame, i: number): number {
    const key = top.held ?? '';
    top.brace = 'dict';
    top.held = null;
    this.out(`{${keyJson(key)}:`);
    top.expect = 'value';
    return i + 1;
  }

  /** A value starts: where its output goes depends on the container's position. */
  private value(): void {
    this.started = true;
    const top = this.frames[this.frames.length - 1];
    if (!top) return;
    if (top.expect === 'comma' || top.expect === 'colon') {
      this.error = 'a missing ","';
      return;
    }
    if (top.comma) {
      top.comma = false;
      this.out(',');
    }
    if (top.expect === 'first' && top.brace === 'dict') top.expect = 'key';
    if (top.expect === 'first' && top.brace === 'unknown') top.held = '';
    if (top.expect === 'key') top.held = '';
  }

  private afterValue(): void {
    const top = this.frames[this.frames.length - 1];
    if (!top) {
      this.done = true;
      return;
    }
    top.expect = top.expect === 'key' ? 'colon' : 'comma';
    if (top.brace === 'unknown' && top.held !== null) top.expect = 'comma';
  }

  /** Writes JSON text: into the innermost frame holding its output, or out. */
  private out(json: string): void {
    for (let k = this.frames.length - 1; k >= 0; k--) {
      const frame = this.frames[k];
      if (frame.held !== null) {
        frame.held += json;
        return;
      }
    }
    this.emit(json);
  }

  private openString(quote: string, raw: boolean): void {
    this.started = true;
    this.str = { quote, raw, escape: null };
    this.out('"');
  }

  private endToken(): void {
    const token = this.token;
    this.token = '';
    this.value();
    const top = this.frames[this.frames.length - 1];
    let json = LITERALS.get(token);
    if (json === undefined && NUMBER.test(token)) {
      const n = Number(token.replace(/_/g, ''));
      if (Number.isFinite(n)) json = JSON.stringify(n);
      else this.error = `the number ${token} is out of range`;
    }
    if (json === undefined && !this.error) {
      // gemma writes keys (and sometimes words) bare; python only ever writes names it means as variables
      if (this.dialect === 'gemma' || top?.expect === 'key') json = JSON.stringify(token);
      else this.error = `"${token}" is not a value`;
    }
    if (json !== undefined) {
      this.out(json);
      this.afterValue();
    }
  }

  /** Inside a string: decodes up to its end (or the buffer end) and emits the JSON-escaped text. */
  private stringPart(buf: string, from: number, final: boolean): number {
    const s = this.str as NonNullable<LiteralTranscoder['str']>;
    let text = this.pendingHigh;
    this.pendingHigh = '';
    let i = from;
    const n = buf.length;
    let closed = false;
    while (i < n) {
      const ch = buf[i];
      if (s.escape !== null) {
        s.escape += ch;
        const decoded = decodeEscape(s.escape);
        i++;
        if (decoded === undefined) continue;
        text += decoded;
        s.escape = null;
        continue;
      }
      if (ch === '\\' && !s.raw) {
        s.escape = '';
        i++;
        continue;
      }
      if (ch === s.quote[0]) {
        if (buf.startsWith(s.quote, i)) {
          i += s.quote.length;
          closed = true;
          break;
        }
        if (!final && s.quote.startsWith(buf.slice(i, n))) break;
      }
      text += ch;
      i++;
    }
    if (!closed && text && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      this.pendingHigh = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text) this.out(jsonStringBody(text));
    if (closed) {
      this.str = null;
      this.out('"');
      this.afterValue();
    }
    return i;
  }
}
