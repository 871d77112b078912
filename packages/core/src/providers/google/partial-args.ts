/** One Gemini 3 `partialArgs` entry: a value (or a piece of a string) at a JSON path of the arguments. */
export interface GeminiPartialArg {
  jsonPath?: string;
  stringValue?: string;
  numberValue?: number;
  boolValue?: boolean;
  nullValue?: unknown;
  /** more pieces of the same path follow (strings arrive in pieces) */
  willContinue?: boolean;
}

type Key = string | number;

/** Parses the RFC 9535 paths Gemini sends (`$.a.b[0]`, `$['a b']`, `$["x"]`) into keys; undefined if unsupported. */
export function parseJsonPath(path: string): Key[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const keys: Key[] = [];
  let i = 1;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '.') {
      let j = i + 1;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
      if (j === i + 1) return undefined;
      keys.push(path.slice(i + 1, j));
      i = j;
    } else if (ch === '[') {
      const quote = path[i + 1];
      if (quote === "'" || quote === '"') {
        let j = i + 2;
        let key = '';
        while (j < path.length && path[j] !== quote) {
          if (path[j] === '\\' && j + 1 < path.length) j++;
          key += path[j];
          j++;
        }
        if (path[j + 1] !== ']') return undefined;
        keys.push(key);
        i = j + 2;
      } else {
        const end = path.indexOf(']', i);
        if (end < 0) return undefined;
        const index = Number(path.slice(i + 1, end));
        if (!Number.isInteger(index) || index < 0) return undefined;
        keys.push(index);
        i = end + 1;
      }
    } else {
      return undefined;
    }
  }
  return keys;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/**
 * Assembles streamed partial arguments into an object. A string piece is appended when the previous piece
 * of the same path said `willContinue`; any other value replaces what the path held.
 */
export class PartialArgsAssembler {
  readonly args: Record<string, unknown> = {};
  private readonly continuing = new Set<string>();

  /** Starts from whole `args` sent alongside (or before) the partial ones. */
  merge(args: Record<string, unknown>) {
    for (const [key, value] of Object.entries(args)) {
      if (key !== '__proto__') this.args[key] = value;
    }
  }

  /** Applies one piece; returns false when its path cannot be understood (the piece is ignored). */
  apply(piece: GeminiPartialArg): boolean {
    const path = piece.jsonPath ?? '';
    const keys = parseJsonPath(path);
    if (!keys || keys.length === 0) return false;
    if (keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) return false;

    let value: unknown;
    if (piece.stringValue !== undefined) value = piece.stringValue;
    else if (piece.numberValue !== undefined) value = piece.numberValue;
    else if (piece.boolValue !== undefined) value = piece.boolValue;
    else if (piece.nullValue !== undefined) value = null;
    else if (piece.willContinue) value = '';
    else return true; // a bare end marker for the path

    let parent: Record<string, unknown> | unknown[] = this.args;
    for (let i = 0; i < keys.length - 1; i++) {
      const key = keys[i];
      const next: unknown = (parent as Record<Key, unknown>)[key];
      if (isContainer(next)) {
        parent = next;
      } else {
        const created: Record<string, unknown> | unknown[] = typeof keys[i + 1] === 'number' ? [] : {};
        (parent as Record<Key, unknown>)[key] = created;
        parent = created;
      }
    }
    const last = keys[keys.length - 1];
    const slot = parent as Record<Key, unknown>;
    if (typeof value === 'string' && this.continuing.has(path) && typeof slot[last] === 'string') {
      slot[last] = (slot[last] as string) + value;
    } else {
      slot[last] = value;
    }
    if (piece.willContinue) this.continuing.add(path);
    else this.continuing.delete(path);
    return true;
  }
}
