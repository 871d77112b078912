import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** AES-256-GCM for secrets at rest (connection API keys). The key lives in a file beside the database. */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export const KEY_FILE_NAME = 'secret.key';
const VERSION = 'v1';

/** Reads DATA_DIR/secret.key, creating it (32 random bytes, mode 0600) on first start. */
export function loadOrCreateKey(dataDir: string): Buffer {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, KEY_FILE_NAME);
  try {
    // 'wx' fails if the file exists, so two processes starting together cannot overwrite each other's key.
    writeFileSync(path, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== 32) {
    throw new Error(
      `${path} is not a valid key file (expected 32 base64-encoded bytes). Restore it from a backup; deleting it makes stored API keys unreadable.`,
    );
  }
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    decrypt(sealed) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('Unknown secret format.');
      const raw = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
