import type { Storage } from '../storage/types.js';
import { createStudioSessions } from './session-store.js';

/**
 * A restore undoes every change made since the restored version: Studio proposals accepted in those changes
 * (`historyIds`, the entries from the newest down to the restored one) are pending again, so their cards
 * say what is true and can be accepted again.
 */
export async function reopenUndoneProposals(
  storage: Storage,
  historyIds: ReadonlySet<string>,
): Promise<void> {
  const sessions = createStudioSessions(storage.settings);
  for (const session of await sessions.list()) {
    let changed = false;
    for (const p of session.proposals) {
      if (p.status === 'accepted' && p.historyId && historyIds.has(p.historyId)) {
        p.status = 'pending';
        delete p.historyId;
        changed = true;
      }
    }
    if (changed) await sessions.save(session);
  }
}
