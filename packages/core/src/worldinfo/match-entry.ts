import type { KeyCache, KeyOptions } from './keys.js';
import type { SelectiveLogic, WorldInfoEntry, WorldInfoEntryRef } from './types.js';

/** One text an entry is matched against: a chat message or an activated entry's content. */
export interface ScanSource {
  text: string;
  /** set for chat messages: the index in the activation's messages */
  messageIndex?: number;
  /** set for entry content (recursion): the entry it came from */
  from?: WorldInfoEntryRef;
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

/**
 * Matches an entry's keys against the sources, in source order (callers put the newest message first).
 * The first primary key found wins; secondary keys are then looked for in every source.
 */
export function matchEntry(
  entry: WorldInfoEntry,
  sources: ScanSource[],
  options: KeyOptions,
  cache: KeyCache,
): EntryMatchResult {
  const invalidKeys: string[] = [];
  const compile = (key: string) => {
    const re = cache.get(key, options);
    if (re === 'invalid') {
      if (!invalidKeys.includes(key)) invalidKeys.push(key);
      return null;
    }
    return re;
  };
  const primaries = usableKeys(entry.keys).map((key) => ({ key, re: compile(key) }));
  const secondaries = (entry.selective === false ? [] : usableKeys(entry.secondaryKeys)).map((key) => ({
    key,
    re: compile(key),
  }));

  let primary: EntryMatch | null = null;
  outer: for (const source of sources) {
    for (const { key, re } of primaries) {
      const m = re?.exec(source.text);
      if (m) {
        primary = { key, match: m[0], source };
        break outer;
      }
    }
  }
  if (!primary || secondaries.length === 0) return { match: primary, invalidKeys };

  const logic = entry.selectiveLogic ?? 'AND_ANY';
  const secondaryMatches: string[] = [];
  let secondarySource: ScanSource | undefined;
  for (const { key, re } of secondaries) {
    if (!re) continue;
    const source = sources.find((s) => re.test(s.text));
    if (source) {
      secondaryMatches.push(key);
      secondarySource ??= source;
    }
  }
  if (!passesSelectiveLogic(logic, secondaryMatches.length, secondaries.length)) {
    return { match: null, invalidKeys, failedLogic: logic };
  }
  return { match: { ...primary, logic, secondaryMatches, secondarySource }, invalidKeys };
}
