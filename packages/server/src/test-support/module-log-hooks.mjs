// Module resolve hook for module-log.mjs: appends each resolved URL to the log file (hooks run on their own
// thread, so the write is synchronous: nothing is lost when the process exits right after).
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (file) appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
