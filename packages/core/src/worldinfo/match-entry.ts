import { type KeyCache, type KeyMatcher, type KeyOptions, ScanText } from './keys.js';
import type { SelectiveLogic, WorldInfoEntry, WorldInfoEntryRef } from './types.js';

/** One text an entry is matched against: a chat message or an activated entry's content. */
export interface ScanSource {
  /** the text prepared for matchers; share one source object between entries */
  scan: ScanText;
  /** set for chat messages: the index in the activation's messages */
  messageIndex?: number;
  /** set for entry content (recursion): the entry it came from */
  from?: WorldInfoEntryRef;
}

export function scanSource(text: string, extra: Omit<ScanSource, 'scan'> = {}): ScanSource {
  return { scan: new ScanText(text), ...extra };
}

export interface EntryMatch {
  key: string;
  match: string;
  source: ScanSource;
  /** present when the entry has secondary keys */
  logic?: SelectiveLogic;
  secondaryMatches?: string[];
  /** the first source a secondary key was found in */
  secondarySource?: ScanSource;
}

export interface EntryMatchResult {
  match: EntryMatch | null;
  invalidKeys: string[];
  /** a primary key matched but the secondary logic said no */
  failedLogic?: SelectiveLogic;
}

function usableKeys(keys: unknown): string[] {
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string' && k.trim() !== '') : [];
}

/** True when the entry has at least one non-blank primary key. */
export function hasKeys(entry: WorldInfoEntry): boolean {
  return usableKeys(entry.keys).length > 0;
}

/** Whether the secondary keys found satisfy the logic, given how many secondary keys there are. */
export function passesSelectiveLogic(logic: SelectiveLogic, found: number, total: number): boolean {
  switch (logic) {
    case 'AND_ANY':
      return found > 0;
    case 'AND_ALL':
      return found === total;
    case 'NOT_ANY':
      return found === 0;
    case 'NOT_ALL':
      return found < total;
  }
}

interface CompiledKey {
  key: string;
  matcher: KeyMatcher | null;
}

/**
 * Matches one entry's keys against sources given a batch at a time (the messages, then each recursion
 * round's new contents), scanning every (key, source) pair at most once. Within a batch, sources are tried
 * in order (callers put the newest message first); the first primary key found wins. Secondary keys are
 * looked for in every source seen, once a primary key has matched.
 */
export class EntryScanner {
  readonly invalidKeys: string[] = [];
  private readonly primaries: CompiledKey[];
  private readonly secondaries: CompiledKey[];
  private readonly seen: ScanSource[] = [];
  private primary: { key: string; match: string; source: ScanSource } | null = null;
  /** per secondary key: the first source it was found in */
  private readonly secondaryHits: Array<ScanSource | undefined>;

  constructor(
    private readonly entry: WorldInfoEntry,
    options: KeyOptions,
    cache: KeyCache,
  ) {
    const compile = (key: string): CompiledKey => {
      const matcher = cache.get(key, options);
      if (matcher === 'invalid') {
        if (!this.invalidKeys.includes(key)) this.invalidKeys.push(key);
        return { key, matcher: null };
      }
      return { key, matcher };
    };
    this.primaries = usableKeys(entry.keys).map(compile);
    this.secondaries = (entry.selective === false ? [] : usableKeys(entry.secondaryKeys)).map(compile);
    this.secondaryHits = this.secondaries.map(() => undefined);
  }

  /** Adds sources and returns the result over everything seen so far. */
  scan(sources: ScanSource[]): EntryMatchResult {
    const fresh = sources;
    for (const source of fresh) this.seen.push(source);
    if (!this.primary) {
      outer: for (const source of fresh) {
        for (const { key, matcher } of this.primaries) {
          const found = matcher?.find(source.scan) ?? null;
          if (found !== null) {
            this.primary = { key, match: found, source };
            break outer;
          }
        }
      }
      if (!this.primary) return { match: null, invalidKeys: this.invalidKeys };
      // first primary hit: secondary keys must be looked for in everything seen before too
      this.findSecondaries(this.seen);
    } else {
      this.findSecondaries(fresh);
    }
    if (this.secondaries.length === 0) return { match: { ...this.primary }, invalidKeys: this.invalidKeys };

    const logic = this.entry.selectiveLogic ?? 'AND_ANY';
    const secondaryMatches: string[] = [];
    let secondarySource: ScanSource | undefined;
    this.secondaries.forEach(({ key }, i) => {
      const hit = this.secondaryHits[i];
      if (!hit) return;
      secondaryMatches.push(key);
      // prefer an entry's content: that is what a recursion reason names
      if (!secondarySource || (!secondarySource.from && hit.from)) secondarySource = hit;
    });
    if (!passesSelectiveLogic(logic, secondaryMatches.length, this.secondaries.length)) {
      return { match: null, invalidKeys: this.invalidKeys, failedLogic: logic };
    }
    return {
      match: { ...this.primary, logic, secondaryMatches, secondarySource },
      invalidKeys: this.invalidKeys,
    };
  }

  /**
   * Group scoring (SillyTavern's): how many primary keys occur in what this entry has scanned, plus the
   * secondary keys found for AND_ANY (all of them, for AND_ALL when every one was found); other logics
   * count primaries only. No primary keys → 0.
   */
  score(): number {
    const found = (matcher: KeyMatcher | null) =>
      matcher !== null &&
      this.seen.some((s) => (matcher.test ? matcher.test(s.scan) : matcher.find(s.scan) !== null));
    const primary = this.primaries.filter(({ matcher }) => found(matcher)).length;
    if (this.primaries.length === 0 || this.secondaries.length === 0) return primary;
    const secondary = this.secondaries.filter(({ matcher }) => found(matcher)).length;
    const logic = this.entry.selectiveLogic ?? 'AND_ANY';
    if (logic === 'AND_ANY') return primary + secondary;
    if (logic === 'AND_ALL' && secondary === this.secondaries.length) return primary + secondary;
    return primary;
  }

  private findSecondaries(sources: ScanSource[]): void {
    this.secondaries.forEach(({ matcher }, i) => {
      if (!matcher || this.secondaryHits[i]) return;
      this.secondaryHits[i] = sources.find((s) =>
        matcher.test ? matcher.test(s.scan) : matcher.find(s.scan) !== null,
      );
    });
  }
}
