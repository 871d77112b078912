import { escapeRegExp } from '../regex/escape-literal.js';
import type { ParserContext } from './parser-context.js';
import { escapeClassChar, type MatchResult } from './scan-utils.js';

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
  /**
   * A span that is plain text when it ends within the buffer (inline code): the index just past its end,
   * or else -1, or -2 when the buffer's last character may begin the span's closer. Scanning skips a
   * closed span without leaving the text state; the streaming fast lane follows an open one into the next
   * chunk; elsewhere an open span enters the marker's state (`enter`, which must accept a length of 0 at
   * the buffer's start: the span's opener came in an earlier chunk).
   */
  span?: (buf: string, at: number) => number;
}

/**
 * A marker at the candidate: enter its state, or (`skipTo` ≥ 0) skip a span of plain text. `spec` is the
 * marker's, so a span still open at the end of the buffer can be followed into the next chunk.
 */
export type Hit = { enter: Enter; length: number; skipTo: number; spec: MarkerSpec } | 'partial' | 'no';

interface Node {
  /** children by character: ASCII in an array (the common case), the rest in a map */
  ascii: (Node | undefined)[];
  other: Map<number, Node>;
  hasChildren: boolean;
  specs: MarkerSpec[];
}

function newNode(): Node {
  return { ascii: [], other: new Map(), hasChildren: false, specs: [] };
}

function child(node: Node, c: number): Node | undefined {
  return c < 128 ? node.ascii[c] : node.other.get(c);
}

/** Quote marks a marker right after is a quotation, not markup: " ' “ ‘ « 「 „ (compares: cheaper than a set per hit) */
function isQuote(c: number): boolean {
  return (
    c === 0x22 || c === 0x27 || c === 0x201c || c === 0x2018 || c === 0xab || c === 0x300c || c === 0x201e
  );
}

/**
 * The markers one parser looks for, indexed for a fast scan: a regex of the characters that can start a
 * marker (plus, for markers that start with a letter such as `functools[`, the whole word or its start at
 * the end of the buffer), and a trie to match at a candidate.
 */
export class MarkerTable {
  private readonly root: Node = newNode();
  /** the characters that can start a symbol marker (`<`, `[`, a backtick, `{`) */
  private readonly symbols: RegExp;
  /**
   * markers that start with a letter (`functools[`): each ends with a symbol, so they are found from that
   * symbol, looking back; none is ever searched for on its own
   */
  private readonly words: string[];
  /** 1 for the (ASCII) symbols words end with */
  private readonly wordEnd = new Uint8Array(128);
  /** 1 for the (ASCII) symbols that start a marker and end none of the words: a candidate wherever seen */
  private readonly bareSymbol = new Uint8Array(128);
  /**
   * by the last character of a word's proper prefix (ASCII): `word index * 256 + prefix length` for each
   * prefix ending in it, to find a word cut off at the end of the buffer with a lookup and a compare
   */
  private readonly prefixEnds: (number[] | undefined)[] = new Array(128).fill(undefined);
  /** the length of the longest word marker (1 when none): how far before a symbol a marker can start */
  private readonly longestWord: number;
  /** what makes a chunk not plain (see `firstCandidate`): a symbol, a word's start or half a pair at its end */
  private readonly notPlain: RegExp;

  constructor(specs: readonly MarkerSpec[]) {
    const symbols = new Set<string>();
    const words = new Set<string>();
    for (const spec of specs) {
      let node = this.root;
      for (let i = 0; i < spec.open.length; i++) {
        const c = spec.open.charCodeAt(i);
        let next = child(node, c);
        if (!next) {
          next = newNode();
          if (c < 128) node.ascii[c] = next;
          else node.other.set(c, next);
          node.hasChildren = true;
        }
        node = next;
      }
      node.specs.push(spec);
      if (/^[A-Za-z]/.test(spec.open)) {
        // found from its last character (a symbol), looking back
        words.add(spec.open);
        symbols.add(spec.open[spec.open.length - 1]);
      } else symbols.add(spec.open[0]);
    }
    this.symbols = new RegExp(symbols.size ? `[${[...symbols].map(escapeClassChar).join('')}]` : '(?!)', 'g');
    this.words = [...words];
    this.longestWord = Math.max(1, ...this.words.map((w) => w.length));
    for (const word of this.words) {
      this.wordEnd[word.charCodeAt(word.length - 1) & 127] = 1;
      const w = this.words.indexOf(word);
      for (let k = 1; k < word.length; k++) {
        const c = word.charCodeAt(k - 1);
        if (c >= 128) continue;
        const list = this.prefixEnds[c] ?? [];
        list.push(w * 256 + k);
        this.prefixEnds[c] = list;
      }
    }
    const prefixes = this.words.flatMap((word) => [...word].slice(0, -1).map((_, k) => word.slice(0, k + 1)));
    const cutWord = prefixes.length
      ? `|(?<![A-Za-z0-9_])(?:${prefixes
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|')})$`
      : '';
    this.notPlain = new RegExp(`${this.symbols.source}${cutWord}|[\\ud800-\\udbff]$`, 'g');
    for (const symbol of symbols) {
      const c = symbol.charCodeAt(0);
      if (c < 128 && this.wordEnd[c] === 0) this.bareSymbol[c] = 1;
    }
    for (const word of this.words) {
      if (!symbols.has(word[word.length - 1]))
        throw new Error(`A word marker must end with a symbol: ${word}`);
    }
  }

  /**
   * For a chunk that follows plain text: -1 when it is plain text through and through, else where to start
   * scanning it. The streaming parser's fast lane: one regex test finds the characters that can start a
   * marker (a symbol, a word marker's start or half a surrogate pair at the end of the chunk); a symbol that
   * no marker can start with here (`<b>`, `[see`, `{3}` mid-line: the trie falls off within the chunk) is
   * a look-alike and the search goes on after it, without the state machine and allocating nothing. The
   * first real candidate (or a match at the end of the chunk, which the next chunk decides) is where the
   * scan starts: the symbol, or far enough before it for a word marker it may end (`functools[`).
   */
  firstCandidate(s: string, ctx: ParserContext): number {
    const re = this.notPlain;
    re.lastIndex = 0;
    const n = s.length;
    while (re.test(s)) {
      const end = re.lastIndex;
      if (end >= n) return 0;
      // a match that ends before the end of the chunk is a symbol
      const at = end - 1;
      if (!this.lookAlike(s, at, ctx)) {
        const c = s.charCodeAt(at);
        return c < 128 && this.wordEnd[c] === 0 ? at : Math.max(0, end - this.longestWord);
      }
    }
    return -1;
  }

  /**
   * Whether no marker can start at the symbol at `at` of a chunk after plain text, told by the chunk alone:
   * the trie falls off before the chunk ends with no marker matched on the way (a line-start marker only
   * counts at a line start), and no word marker ends at the symbol. A word marker cannot begin in an
   * earlier chunk here: its start at the end of that chunk would have been held back.
   */
  private lookAlike(s: string, at: number, ctx: ParserContext): boolean {
    const n = s.length;
    let node: Node | undefined = this.root;
    let i = at;
    let lineStart: boolean | undefined;
    while (node !== undefined) {
      const specs = node.specs;
      for (let k = 0; k < specs.length; k++) {
        if (!specs[k].lineStart) return false;
        lineStart ??= lineStartIn(s, 0, at, ctx.sink.atLineStart);
        if (lineStart) return false;
      }
      if (i >= n) return false;
      node = child(node, s.charCodeAt(i));
      i++;
    }
    const c = s.charCodeAt(at);
    if (c >= 128 || this.wordEnd[c] === 0) return true;
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      const start = at - words[w].length + 1;
      if (start >= 0 && s.startsWith(words[w], start)) {
        const before = ctx.pos > 0 ? ctx.buf.charCodeAt(ctx.pos - 1) : ctx.before;
        if (wordBoundary(s, start, before)) return false;
      }
    }
    return true;
  }

  /**
   * Index of the next character that could open a marker, or -1. A single-character class keeps the
   * scan on V8's fast path. `before` is the character before `s` (the content's last), for word markers,
   * which only start a word (`functools[`, not `myfunctools[`).
   */
  next(s: string, from: number, before: number): number {
    // a symbol right here (the fast lane's first candidate, `</` after `<`) needs no search
    const first = s.charCodeAt(from);
    if (first < 128 && this.bareSymbol[first] === 1) return from;
    const re = this.symbols;
    re.lastIndex = from;
    // test() rather than exec(): no match object per candidate
    if (!re.test(s)) return this.words.length > 0 ? this.wordStartAtEnd(s, from, before) : -1;
    const at = re.lastIndex - 1;
    // the symbol may end a word marker that starts earlier (the word's letters are no candidates)
    const c = s.charCodeAt(at);
    if (c >= 128 || this.wordEnd[c] === 0) return at;
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      const start = at - words[w].length + 1;
      if (start >= from && s.startsWith(words[w], start) && wordBoundary(s, start, before)) return start;
    }
    return at;
  }

  /** A word marker cut off at the end of the buffer (`...funct`): where it starts, or -1. Allocates nothing. */
  private wordStartAtEnd(s: string, from: number, before: number): number {
    const n = s.length;
    const last = n > from ? s.charCodeAt(n - 1) : 128;
    const ends = last < 128 ? this.prefixEnds[last] : undefined;
    if (ends === undefined) return -1;
    let best = -1;
    for (let e = 0; e < ends.length; e++) {
      const word = this.words[ends[e] >> 8];
      const k = ends[e] & 255;
      const start = n - k;
      if (start < from || (best >= 0 && start >= best)) continue;
      let j = 0;
      while (j < k && s.charCodeAt(start + j) === word.charCodeAt(j)) j++;
      if (j === k && wordBoundary(s, start, before)) best = start;
    }
    return best;
  }

  /**
   * Whether a marker starts at `at` (`from`: where the text run being scanned began, for the line-start
   * and quote checks, which are only made when a marker needs them). Allocates nothing on the common path;
   * a marker right after a quote mark is a quotation, not markup.
   */
  match(ctx: ParserContext, at: number, from: number): Hit {
    const { buf, final } = ctx;
    let node: Node | undefined = this.root;
    let i = at;
    let partial = false;
    let best: Hit = 'no';
    let lineStart: boolean | undefined;
    while (node !== undefined) {
      if (i > at && node.specs.length > 0) {
        for (const spec of node.specs) {
          if (spec.lineStart) {
            lineStart ??= lineStartIn(buf, from, at, ctx.sink.atLineStart);
            if (!lineStart) continue;
          }
          const extra: MatchResult = spec.tail ? spec.tail(buf, i, final, ctx) : 0;
          if (extra === 'partial') partial = true;
          else if (typeof extra === 'number') {
            const skipTo = spec.span ? spec.span(buf, i) : -1;
            best = { enter: spec.enter, length: i - at + extra, skipTo, spec };
            break;
          }
        }
      }
      if (i >= buf.length) {
        if (!final && node.hasChildren) partial = true;
        break;
      }
      node = child(node, buf.charCodeAt(i));
      i++;
    }
    // a longer marker still possible wins over a shorter one already matched
    if (partial) return 'partial';
    if (best !== 'no' && isQuote(at > from ? buf.charCodeAt(at - 1) : ctx.sink.lastChar)) return 'no';
    return best;
  }
}

/** Whether a word can start at `start` of `s` (`before`: the character before `s`): not mid-identifier. */
function wordBoundary(s: string, start: number, before: number): boolean {
  const c = start > 0 ? s.charCodeAt(start - 1) : before;
  return !((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95);
}

/**
 * Whether `at` of `s` starts a line, given the not yet emitted text run `from..at` and whether the content
 * before it ends at a line start.
 */
function lineStartIn(s: string, from: number, at: number, contentAtLineStart: boolean): boolean {
  for (let i = at - 1; i >= from; i--) {
    const c = s.charCodeAt(i);
    if (c === 10) return true;
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return contentAtLineStart;
}
