import { randomBytes } from 'node:crypto';
import { defaultOrchestrationProfile } from '@toolsmith/core';
import type { ProfileVersion, ProfileVersionWithProfile } from '@toolsmith/core/api-schema';
import { notFound } from '../app/http-error.js';
import type { Storage } from '../storage/types.js';
import { GLOBAL_PROFILE_KEY, loadGlobalProfile, type StoredProfile } from './profile-store.js';

const HISTORY_KEY = 'orchestration/history';
export const MAX_HISTORY = 30;

/** One earlier version of the global profile: what it was before a change, and what made the change. */
export type ProfileHistoryEntry = ProfileVersionWithProfile;

async function entries(storage: Storage): Promise<ProfileHistoryEntry[]> {
  return (await storage.settings.get<ProfileHistoryEntry[]>(HISTORY_KEY)) ?? [];
}

/** Newest first, without the profiles. */
export async function listProfileHistory(storage: Storage): Promise<ProfileVersion[]> {
  return (await entries(storage)).map(({ profile: _p, ...rest }) => rest);
}

export async function getProfileHistory(storage: Storage, id: string): Promise<ProfileHistoryEntry> {
  const found = (await entries(storage)).find((e) => e.id === id);
  if (!found) throw notFound('profile version', id);
  return found;
}

/**
 * Replaces the global profile and keeps the one it replaces in the history (newest first, at most
 * MAX_HISTORY). Returns the history entry's id: restoring it undoes this change.
 */
export async function saveProfileWithHistory(
  storage: Storage,
  next: StoredProfile,
  source: ProfileHistoryEntry['source'],
  summary: string,
  details: Pick<ProfileVersion, 'titles' | 'restoredAt' | 'importMode' | 'importFormat'> = {},
): Promise<string> {
  const before = (await loadGlobalProfile(storage)) ?? defaultOrchestrationProfile();
  const entry: ProfileHistoryEntry = {
    id: `pv_${randomBytes(9).toString('base64url')}`,
    at: new Date().toISOString(),
    source,
    summary,
    ...details,
    profile: before,
  };
  await storage.settings.set(HISTORY_KEY, [entry, ...(await entries(storage))].slice(0, MAX_HISTORY));
  await storage.settings.set(GLOBAL_PROFILE_KEY, next);
  return entry.id;
}
