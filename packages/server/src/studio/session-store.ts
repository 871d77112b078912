import { randomBytes } from 'node:crypto';
import { notFound } from '../app/http-error.js';
import type { SettingsRepository } from '../storage/types.js';
import type { StudioSession } from './types.js';

const PREFIX = 'studio/sessions/';

/** Studio sessions in the settings store, one key each (few, and they must outlive a restart until reviewed). */
export function createStudioSessions(settings: SettingsRepository) {
  const get = async (id: string): Promise<StudioSession> => {
    const found = /^st_[A-Za-z0-9_-]+$/.test(id) ? await settings.get<StudioSession>(PREFIX + id) : undefined;
    if (!found) throw notFound('Studio session', id);
    return found;
  };
  return {
    get,
    async list(): Promise<StudioSession[]> {
      const all = await settings.all();
      return Object.entries(all)
        .filter(([key]) => key.startsWith(PREFIX))
        .map(([, v]) => v as StudioSession)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },
    create(input: Pick<StudioSession, 'title' | 'chatId' | 'connectionId'>): StudioSession {
      const at = new Date().toISOString();
      return {
        id: `st_${randomBytes(9).toString('base64url')}`,
        ...input,
        messages: [],
        proposals: [],
        createdAt: at,
        updatedAt: at,
      };
    },
    async save(session: StudioSession): Promise<StudioSession> {
      session.updatedAt = new Date().toISOString();
      await settings.set(PREFIX + session.id, session);
      return session;
    },
    async delete(id: string): Promise<void> {
      await get(id);
      await settings.delete(PREFIX + id);
    },
  };
}

export type StudioSessions = ReturnType<typeof createStudioSessions>;
