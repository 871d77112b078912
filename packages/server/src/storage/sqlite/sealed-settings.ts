// Settings fields that are secrets (the web-search API key) are sealed at rest with the same key file and
// AES-256-GCM box as connection API keys: the row holds `<field>Sealed`, never the plain value, and the
// repository hands callers the plain value back.
import type { Database } from 'better-sqlite3';
import type { SecretBox } from './secret-box.js';

/** setting key → its secret fields */
export const SEALED_SETTING_FIELDS: Readonly<Record<string, readonly string[]>> = {
  webSearch: ['apiKey'],
};

const sealedName = (field: string) => `${field}Sealed`;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value as stored: each secret field that holds text replaced by its sealed form. */
export function sealSetting(key: string, value: unknown, box: SecretBox): unknown {
  const fields = SEALED_SETTING_FIELDS[key];
  if (!fields || !isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const field of fields) {
    const plain = out[field];
    if (typeof plain !== 'string') continue;
    delete out[field];
    if (plain !== '') out[sealedName(field)] = box.encrypt(plain);
  }
  return out;
}

/**
 * The value as callers see it: sealed fields opened (missing or unreadable ones, e.g. after the key file was
 * replaced, come back as '' so the user is asked for the key again instead of the server failing).
 */
export function unsealSetting(key: string, value: unknown, box: SecretBox): unknown {
  const fields = SEALED_SETTING_FIELDS[key];
  if (!fields || !isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const field of fields) {
    const sealed = out[sealedName(field)];
    delete out[sealedName(field)];
    if (typeof out[field] === 'string') continue; // written before sealing existed and not yet migrated
    let plain = '';
    if (typeof sealed === 'string') {
      try {
        plain = box.decrypt(sealed);
      } catch {
        plain = '';
      }
    }
    out[field] = plain;
  }
  return out;
}

/** Migration: seals every secret field still stored in plain text. */
export function sealStoredSettings(db: Database, box: SecretBox): void {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const update = db.prepare<[string, string]>('UPDATE settings SET value = ? WHERE key = ?');
  for (const key of Object.keys(SEALED_SETTING_FIELDS)) {
    const row = select.get(key);
    if (!row) continue;
    const value = JSON.parse(row.value) as unknown;
    const sealed = sealSetting(key, value, box);
    if (sealed !== value) update.run(JSON.stringify(sealed), key);
  }
}
