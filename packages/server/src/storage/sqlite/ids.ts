import { randomBytes } from 'node:crypto';

/** Short random ids with a type prefix (t_ tools, c_ connections, ...), URL-safe. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

export function now(): string {
  return new Date().toISOString();
}

/** SQLite reports unique-constraint failures with this code. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
