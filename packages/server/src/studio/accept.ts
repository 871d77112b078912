import type { AppContext } from '../app/context.js';
import { HttpError } from '../app/http-error.js';
import { saveProfileWithHistory } from '../orchestration/profile-history.js';
import type { StoredProfile } from '../orchestration/profile-store.js';
import { applyChange, checked, ProposalError } from './proposals.js';
import { currentProfile, profileChecker } from './run-studio-turn.js';
import type { Proposal, StudioSession } from './types.js';

/** The pending proposals of a session with these ids (every one must exist and be pending). */
export function pendingProposals(session: StudioSession, ids: readonly string[]): Proposal[] {
  return ids.map((id) => {
    const proposal = session.proposals.find((p) => p.id === id);
    if (!proposal) throw new HttpError(404, `No proposal with id "${id}" in this session.`);
    if (proposal.status !== 'pending')
      throw new HttpError(409, `Proposal "${proposal.title}" is already ${proposal.status}.`, {
        code: 'not_pending',
      });
    return proposal;
  });
}

/** The current profile with the proposals applied in order, checked like PUT /api/orchestration. */
export async function profileWith(
  context: AppContext,
  proposals: readonly Proposal[],
  options: { enableNew?: boolean } = {},
): Promise<StoredProfile> {
  let profile = await currentProfile(context);
  for (const proposal of proposals) {
    try {
      profile = applyChange(profile, proposal.change);
    } catch (error) {
      if (error instanceof ProposalError)
        throw new HttpError(409, `“${proposal.title}” no longer applies: ${error.message}`, {
          code: 'proposal_conflict',
        });
      throw error;
    }
    if (options.enableNew && proposal.arrivesDisabled && proposal.change.kind === 'set') {
      const name = proposal.change.tool.name;
      profile.tools = profile.tools.map((t) => (t.name === name ? { ...t, enabled: true } : t));
    }
  }
  try {
    return await checked(profile, profileChecker(context));
  } catch (error) {
    if (error instanceof ProposalError)
      throw new HttpError(409, error.message, { code: 'proposal_conflict' });
    throw error;
  }
}

/**
 * Accepts proposals all together: applied in order to the profile as it is now, checked, and stored in one
 * write with the replaced profile kept in the history (its id undoes the whole acceptance). Any failure
 * leaves both the profile and the proposals as they were.
 */
export async function acceptProposals(
  context: AppContext,
  session: StudioSession,
  ids: readonly string[],
): Promise<{ historyId: string; profile: StoredProfile }> {
  const proposals = pendingProposals(session, ids);
  if (proposals.length === 0)
    throw new HttpError(409, 'There is nothing pending to accept.', { code: 'not_pending' });
  const profile = await profileWith(context, proposals);
  const historyId = await saveProfileWithHistory(
    context.storage,
    profile,
    'studio',
    `Studio: ${proposals.map((p) => p.title).join('; ')}`,
    { titles: proposals.map((p) => p.title) },
  );
  for (const p of proposals) {
    p.status = 'accepted';
    p.historyId = historyId;
  }
  return { historyId, profile };
}
