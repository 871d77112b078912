import type {
  ActivatedWorldInfoEntry,
  WorldInfoActivation,
  WorldInfoActivationReason,
  WorldInfoActivator,
  WorldInfoEntry,
  WorldInfoScanInput,
  WorldInfoTraceItem,
} from './types.js';

export const DEFAULT_SCAN_DEPTH = 2;
const DEFAULT_ORDER = 100;

/** `/pattern/flags` → RegExp; anything else → null (a plain key). A broken pattern → 'invalid'. */
export function parseRegexKey(key: string): RegExp | null | 'invalid' {
  const match = /^\/([\s\S]+)\/([a-z]*)$/.exec(key.trim());
  if (!match) return null;
  try {
    // `g` and `y` would make test() stateful between messages
    return new RegExp(match[1], match[2].replace(/[gy]/g, ''));
  } catch {
    return 'invalid';
  }
}

interface KeyMatch {
  key: string;
  match: string;
  messageIndex: number;
}

function findKey(
  entry: WorldInfoEntry,
  messages: string[],
  firstIndex: number,
  invalid: string[],
): KeyMatch | null {
  // newest message first, so the reason names the latest mention
  for (let i = messages.length - 1; i >= firstIndex; i--) {
    const text = messages[i];
    const folded = entry.caseSensitive ? text : text.toLowerCase();
    for (const key of entry.keys) {
      if (typeof key !== 'string' || key.trim() === '') continue;
      const regex = parseRegexKey(key);
      if (regex === 'invalid') {
        if (!invalid.includes(key)) invalid.push(key);
        continue;
      }
      if (regex) {
        const m = regex.exec(text);
        if (m) return { key, match: m[0], messageIndex: i };
        continue;
      }
      const needle = entry.caseSensitive ? key : key.toLowerCase();
      const at = folded.indexOf(needle);
      if (at !== -1) return { key, match: text.slice(at, at + key.length), messageIndex: i };
    }
  }
  return null;
}

/**
 * Minimal activation: constant entries always; keyed entries when a key occurs in the last `scanDepth`
 * messages (case-insensitive substring, or a `/regex/flags` key). Returns the activated entries sorted by
 * order and split by position, plus a trace of why each entry did or did not activate.
 */
export function activateWorldInfo(input: WorldInfoScanInput): WorldInfoActivation {
  const texts = input.messages.map((m) => (typeof m === 'string' ? m : String(m?.content ?? '')));
  const depth = Math.max(0, input.scanDepth ?? DEFAULT_SCAN_DEPTH);
  const trace: WorldInfoTraceItem[] = [];
  const activated: ActivatedWorldInfoEntry[] = [];
  for (const entry of input.entries) {
    if (entry.disabled) {
      trace.push({ entry, activated: false, skipped: 'disabled' });
      continue;
    }
    let reason: WorldInfoActivationReason | null = null;
    const invalid: string[] = [];
    if (entry.constant) reason = { kind: 'constant' };
    else if (!entry.keys?.length) {
      trace.push({ entry, activated: false, skipped: 'no_keys' });
      continue;
    } else {
      const entryDepth = Math.max(0, entry.scanDepth ?? depth);
      const found = findKey(entry, texts, Math.max(0, texts.length - entryDepth), invalid);
      if (found) reason = { kind: 'key', ...found };
    }
    const item: WorldInfoTraceItem = reason
      ? { entry, activated: true, reason }
      : { entry, activated: false, skipped: 'no_match' };
    if (invalid.length) item.invalidKeys = invalid;
    trace.push(item);
    if (reason) activated.push({ entry, position: entry.position ?? 'before', reason });
  }
  // stable sort: equal orders keep their input order
  activated.sort((a, b) => (a.entry.order ?? DEFAULT_ORDER) - (b.entry.order ?? DEFAULT_ORDER));
  return {
    activated,
    before: activated.filter((a) => a.position === 'before'),
    after: activated.filter((a) => a.position === 'after'),
    trace,
  };
}

export const minimalWorldInfoActivator: WorldInfoActivator = { activate: activateWorldInfo };

/** Joins activated entries' content the way they are inserted into the prompt. */
export function formatWorldInfo(entries: ActivatedWorldInfoEntry[]): string {
  return entries
    .map((a) => a.entry.content)
    .filter((c) => c.trim() !== '')
    .join('\n');
}
