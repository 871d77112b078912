import { randomBytes } from 'node:crypto';
import { DuplicateNameError } from '../types.js';

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

/** Runs a write on a table whose names are unique; a clash reads as DuplicateNameError(kind, name). */
export function writeNamed(write: () => unknown, kind: DuplicateNameError['entity'], name: string): void {
  try {
    write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateNameError(kind, name);
    throw error;
  }
}
