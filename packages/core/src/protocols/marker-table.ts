import type { ParserContext } from './parser-context.js';
import type { MatchResult } from './scan-utils.js';

/** Switches the parser into the state a marker opens; `length` characters at `at` belong to the marker. */
export type Enter = (ctx: ParserContext, at: number, length: number) => void;

/**
 * One way a model's markup can start. `open` is matched literally (through a trie, so a look-alike such
 * as `<b>` is rejected on its second character); `tail` may look further (a fence language, the key after
 * a bare `{`) and returns the extra length, 'partial' (wait for more) or 'no'.
 */
export interface MarkerSpec {
  open: string;
  tail?: (buf: string, at: number, final: boolean, ctx: ParserContext) => MatchResult;
  /** only where a line starts (bare JSON or pythonic calls; prose mentions mid-line stay prose) */
  lineStart?: boolean;
  enter: Enter;
}

export type Hit = { enter: Enter; length: number } | 'partial' | 'no';

interface Node {
  next: Map<number, Node>;
  specs: MarkerSpec[];
}

const QUOTES = new Set([0x22, 0x27, 0x201c, 0x2018, 0xab, 0x300c, 0x201e]);

/**
 * The markers one parser looks for, indexed for a fast scan: a regex of the characters that can start a
 * marker (plus, for markers that start with a letter such as `functools[`, the whole word or its start at
 * the end of the buffer), and a trie to match at a candidate.
 */
export class MarkerTable {
  private readonly root: Node = { next: new Map(), specs: [] };
  readonly candidate: RegExp;
  private readonly words: string[];

  constructor(specs: readonly MarkerSpec[]) {
    const symbols = new Set<string>();
    const words = new Set<string>();
    for (const spec of specs) {
      let node = this.root;
      for (let i = 0; i < spec.open.length; i++) {
        const c = spec.open.charCodeAt(i);
        let child = node.next.get(c);
        if (!child) {
          child = { next: new Map(), specs: [] };
          node.next.set(c, child);
        }
        node = child;
      }
      node.specs.push(spec);
      if (/^[A-Za-z]/.test(spec.open)) words.add(spec.open);
      else symbols.add(spec.open[0]);
    }
    const parts: string[] = [];
    if (symbols.size) parts.push(`[${[...symbols].map(escapeClassChar).join('')}]`);
    for (const word of words) parts.push(escapeRegExp(word), `${prefixesAtEnd(word)}$`);
    this.candidate = new RegExp(parts.join('|') || '(?!)', 'g');
    this.words = [...words];
  }

  /** Index of the next character that could open a marker, or -1. */
  next(s: string, from: number): number {
    // test() rather than exec(): no match object per candidate
    const re = this.candidate;
    re.lastIndex = from;
    if (!re.test(s)) return -1;
    const end = re.lastIndex;
    return this.words.length ? end - this.matchedLength(s, from, end) : end - 1;
  }

  /**
   * How long the match that ended at `end` was: a whole word, a word's start cut off at the buffer end,
   * or else one symbol character. (The regex takes the leftmost match, so a word wins over its own `[`.)
   */
  private matchedLength(s: string, from: number, end: number): number {
    for (const word of this.words) {
      if (end - from >= word.length && s.startsWith(word, end - word.length)) return word.length;
    }
    if (end === s.length) {
      for (const word of this.words) {
        for (let k = Math.min(word.length - 1, end - from); k >= 1; k--) {
          if (s.startsWith(word.slice(0, k), end - k)) return k;
        }
      }
    }
    return 1;
  }

  /**
   * Whether a marker starts at `at`. Allocates nothing on the common path; a marker right after a quote
   * mark is a quotation, not markup.
   */
  match(ctx: ParserContext, at: number, lineStart: boolean, prev: number): Hit {
    const { buf, final } = ctx;
    let node: Node | undefined = this.root;
    let i = at;
    let partial = false;
    let best: Hit = 'no';
    while (node) {
      if (node.specs.length && i > at) {
        for (const spec of node.specs) {
          if (spec.lineStart && !lineStart) continue;
          let extra: MatchResult = 0;
          if (spec.tail) extra = spec.tail(buf, i, final, ctx);
          if (extra === 'partial') partial = true;
          else if (typeof extra === 'number') {
            best = { enter: spec.enter, length: i - at + extra };
            break;
          }
        }
      }
      if (i >= buf.length) {
        if (!final && node.next.size) partial = true;
        break;
      }
      node = node.next.get(buf.charCodeAt(i));
      i++;
    }
    // a longer marker still possible wins over a shorter one already matched
    if (partial) return 'partial';
    if (best !== 'no' && QUOTES.has(prev)) return 'no';
    return best;
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function escapeClassChar(c: string): string {
  return /[\\\]^-]/.test(c) ? `\\${c}` : c;
}

/** `functools[` → `f(?:u(?:n(?:...)?)?)?`: the word's proper prefixes, for a word cut off at the buffer end. */
function prefixesAtEnd(word: string): string {
  let out = '';
  for (let i = word.length - 2; i >= 1; i--) out = `(?:${escapeRegExp(word[i])}${out})?`;
  return escapeRegExp(word[0]) + out;
}
