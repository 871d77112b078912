import type { Source } from './types.js';

/** Reads a runtime input that is either a value or a (possibly async) function producing it. */
export async function resolveSource<T>(source: Source<T> | undefined): Promise<T | undefined> {
  if (typeof source === 'function') return await (source as () => T | Promise<T>)();
  return source;
}
