import { createHash } from 'node:crypto';
import type { StoredMcpServer } from '../storage/mcp-types.js';

/** One argument as a POSIX shell would need it written, so the review shows exactly what runs. */
function quote(arg: string): string {
  if (arg !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line as it is started (no shell is involved; quoting only shows where arguments end). */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(quote).join(' ');
}

/**
 * What an approval of a stdio server is bound to: the program, its arguments, working directory, the names
 * of its environment variables and the sealed environment (its ciphertext changes whenever a value is
 * written, so a new value needs a new approval, while the hash reveals nothing about the values).
 */
export function commandFingerprint(
  server: Pick<StoredMcpServer, 'command' | 'args' | 'cwd' | 'envKeys'>,
  envSeal: string,
): string {
  const parts = [server.command, server.args, server.cwd, [...server.envKeys].sort(), envSeal];
  return `sha256:${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;
}
