// A stored API key belongs to the address it was entered for: the server refuses a change that would send it
// to another origin unless the key is typed again, cleared, or kept on purpose (`keepApiKey: true`).
import type { Connection } from '../../api/types';
import type { ConnectionDraft } from './connection-form';

function originOf(baseUrl: string): string {
  if (baseUrl.trim() === '') return 'the provider default';
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return baseUrl.trim();
  }
}

/** Where the stored key would move with this draft (`null` when it stays, or no stored key is involved). */
export function keyMove(
  connection: Connection | null,
  draft: ConnectionDraft,
): { from: string; to: string } | null {
  if (!connection?.hasApiKey || draft.apiKey !== '' || draft.clearKey) return null;
  const from = originOf(connection.baseUrl ?? '');
  const to = originOf(draft.baseUrl);
  if (from === to && draft.api === connection.api) return null;
  return { from, to };
}
