import { DEFAULT_DEPTH, DEFAULT_ORDER, entryAllowsGenerationType } from '../worldinfo/activate-lorebooks.js';
import type {
  ActivatedWorldInfoEntry,
  WorldInfoActivation,
  WorldInfoEntry,
  WorldInfoTraceItem,
} from '../worldinfo/types.js';
import type { WorldInfoSnapshot } from './types.js';

const READY = { kind: 'forced' } as const;

/**
 * A ready snapshot (Luker's `runtimeWorldInfo`) as an activation: its before/after texts around the card,
 * its depth blocks inside the chat. Nothing is scanned, and nothing is traced (nothing was decided here).
 */
export function snapshotActivation(snapshot: WorldInfoSnapshot): WorldInfoActivation {
  const block = (
    content: string,
    position: ActivatedWorldInfoEntry['position'],
  ): ActivatedWorldInfoEntry => ({
    entry: { keys: [], content },
    position,
    reason: READY,
  });
  const before = snapshot.worldInfoBefore?.trim() ? [block(snapshot.worldInfoBefore, 'before')] : [];
  const after = snapshot.worldInfoAfter?.trim() ? [block(snapshot.worldInfoAfter, 'after')] : [];
  const atDepth = (snapshot.worldInfoDepth ?? []).flatMap((d) =>
    d.entries
      .filter((text) => text.trim() !== '')
      .map(
        (text): ActivatedWorldInfoEntry => ({
          ...block(text, 'depth'),
          depth: d.depth,
          role: typeof d.role === 'string' ? d.role : (['system', 'user', 'assistant'] as const)[d.role ?? 0],
        }),
      ),
  );
  return { activated: [...before, ...after, ...atDepth], before, after, atDepth, trace: [] };
}

/**
 * Entries given with `worldInfoSource: 'none'`: the snapshot in entry form, so every entry is taken as
 * activated — except disabled ones and those whose `triggers` leave out this generation type.
 */
export function entriesActivation(entries: WorldInfoEntry[], generationType: string): WorldInfoActivation {
  const trace: WorldInfoTraceItem[] = [];
  const activated: ActivatedWorldInfoEntry[] = [];
  for (const entry of entries) {
    if (entry.disabled) trace.push({ entry, activated: false, skipped: 'disabled' });
    else if (!entryAllowsGenerationType(entry, generationType))
      trace.push({ entry, activated: false, skipped: 'trigger' });
    else {
      trace.push({ entry, activated: true, reason: READY });
      // unknown positions from imports read as `before`, as in the engine
      const position = entry.position === 'after' || entry.position === 'depth' ? entry.position : 'before';
      activated.push({
        entry,
        position,
        reason: READY,
        ...(position === 'depth'
          ? { depth: entry.depth ?? DEFAULT_DEPTH, role: entry.role ?? 'system' }
          : {}),
      });
    }
  }
  activated.sort((a, b) => (a.entry.order ?? DEFAULT_ORDER) - (b.entry.order ?? DEFAULT_ORDER));
  return {
    activated,
    before: activated.filter((a) => a.position === 'before'),
    after: activated.filter((a) => a.position === 'after'),
    atDepth: activated.filter((a) => a.position === 'depth'),
    trace,
  };
}
