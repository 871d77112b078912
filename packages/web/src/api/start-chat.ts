// Starting a chat, from the chat list or from a character's "Start chat": on the first connection, if there is
// one, so it can answer straight away; with the character, so its greeting is posted.
import { api } from './client';
import type { Chat, Connection } from './types';

export async function startChat(options: { title?: string; characterIds?: string[] }): Promise<Chat> {
  let connectionId: string | null = null;
  try {
    const answer = await api.get<{ connections: Connection[] }>('/api/connections');
    connectionId = answer.connections[0]?.id ?? null;
  } catch {
    // No access to connections (admin secret): the chat starts without one and says so.
  }
  const body: Record<string, unknown> = { connectionId };
  if (options.title) body.title = options.title;
  if (options.characterIds?.length) body.characterIds = options.characterIds;
  return api.post<Chat>('/api/chats', body);
}
