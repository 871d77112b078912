const MAX_LENGTH = 2000;

/**
 * A readable one-line description of any thrown value. Never throws itself: hostile values (getters that
 * throw in `message`, a `toString` that throws or loops through proxies) fall back to a generic text.
 */
export function describeThrown(value: unknown): string {
  try {
    return clip(describe(value));
  } catch {
    return 'an error that could not be described';
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'threw undefined (no error message)';
  if (value === null) return 'threw null (no error message)';
  if (typeof value === 'string') return value === '' ? 'threw an empty string' : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return `threw ${String(value)}`;
  }
  if (typeof value === 'symbol')
    return `threw ${value.description ? `Symbol(${value.description})` : 'a symbol'}`;
  if (typeof value === 'function') return 'threw a function';
  if (value instanceof Error) {
    const message = safeString(() => value.message);
    const name = safeString(() => value.name);
    if (message === undefined) return name && name !== 'Error' ? name : 'an error without a readable message';
    if (message === '') return name ?? 'Error';
    return name && name !== 'Error' ? `${name}: ${message}` : message;
  }
  const message = safeString(() => (value as { message?: unknown }).message);
  if (message) return message;
  const json = safeString(() => JSON.stringify(value));
  if (json !== undefined && json !== '{}') return `threw ${json}`;
  return 'threw an object without a message';
}

function safeString(read: () => unknown): string | undefined {
  try {
    const value = read();
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}
