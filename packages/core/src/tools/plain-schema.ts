// Schema helpers with no dependencies, safe in a browser bundle (exported by @toolsmith/core/schema).

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The reading Marinara Engine (and Luker) give a parameters schema: `{}` — Marinara's default — and any
 * schema without `type` are object schemas (`properties: {}` when they list none); an object schema may
 * leave `properties` out. Anything else (another `type`, a non-object) comes back as it is, for the checks
 * below to name.
 */
export function normalizeParametersSchema<T>(schema: T): T | Record<string, unknown> {
  if (!isPlainObject(schema) || schema.type !== undefined) return schema;
  const out: Record<string, unknown> = { type: 'object' };
  // defineProperty: a key named "__proto__" stays an ordinary key
  for (const [key, value] of Object.entries(schema))
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  if (out.properties === undefined) out.properties = {};
  return out;
}

/** Structural equality of JSON values (plain objects compared key by key, in any order). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
}
