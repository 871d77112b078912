import { HttpError } from '../app/http-error.js';
import { DEFAULT_BASE_URLS } from '../executors/runtime-sources.js';
import type { ConnectionInput, StoredConnection } from '../storage/types.js';

/** Where a connection's requests (and its key) go: the origin of baseUrl, or of the family's default. */
function keyOrigin(api: StoredConnection['api'], baseUrl: string): string {
  const url = baseUrl || DEFAULT_BASE_URLS[api];
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

const describe = (origin: string) => (origin === '' ? 'no address' : origin);

/**
 * A stored API key belongs to the host it was entered for. A change that sends the connection to another
 * origin (baseUrl, or the family's default) must bring the key again, clear it, or say `keepApiKey: true`;
 * otherwise a page that can edit connections could walk the key to its own server (issue 9, DNS rebinding).
 */
export function assertKeyStaysWithOrigin(
  stored: StoredConnection,
  changes: Partial<ConnectionInput>,
  keepApiKey: unknown,
): void {
  if (keepApiKey !== undefined && keepApiKey !== true) {
    throw new HttpError(400, 'keepApiKey must be true when sent.', {
      details: [{ field: 'keepApiKey', message: 'keepApiKey must be true when sent.' }],
    });
  }
  if (!stored.hasApiKey || changes.apiKey !== undefined || keepApiKey === true) return;
  const before = keyOrigin(stored.api, stored.baseUrl);
  const after = keyOrigin(changes.api ?? stored.api, changes.baseUrl ?? stored.baseUrl);
  if (before === after) return;
  const message = `This change sends the connection to ${describe(after)} instead of ${describe(before)}, and its stored API key would go there too. Send apiKey again (the key for the new address, or null to remove it), or send keepApiKey: true to use the stored key with the new address.`;
  throw new HttpError(400, message, {
    code: 'api_key_confirmation_required',
    details: [{ field: 'apiKey', message }],
  });
}
