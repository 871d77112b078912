/**
 * An incremental, one-pass scanner over one JSON value (starting at `{` or `[`) that spots tool calls
 * inside it as they stream: a root call object, a root array of calls, or `{"tool_calls":[...]}`, each call
 * as `{"name"|"tool_name", "arguments"|"parameters"|"args"}` or OpenAI's `{"function":{"name","arguments"}}`.
 * It reports a call's name as soon as its string closes and its argument text piece by piece, so deltas can
 * stream.
 * It only balances brackets and strings; the argument text itself is checked by JSON.parse at the end.
 */

export interface CallSlot {
  name?: string;
  argsParts: string[];
  hasArgs: boolean;
  /** the arguments were given as a JSON string (decoded once at the end) */
  argsIsString: boolean;
  argsDone: boolean;
  /** the root object turned out to hold `tool_calls`: a container, not a call */
  isContainer: boolean;
  closed: boolean;
  /** free for the owner of the scanner */
  data?: unknown;
}

export interface JsonCallListener {
  onName(slot: CallSlot): void;
  onArgs(slot: CallSlot, piece: string): void;
  onCallEnd(slot: CallSlot): void;
}

type Role = 'root' | 'call' | 'fn' | 'list' | 'other';

interface Frame {
  obj: boolean;
  role: Role;
  slot: CallSlot | null;
  key: string | null;
  afterColon: boolean;
}

const ARGS_KEYS = new Set(['arguments', 'parameters', 'args']);

/** The key of a call's name: `name`, or Cohere Command's `tool_name`. */
function isNameKey(key: string | null): boolean {
  return key === 'name' || key === 'tool_name';
}

export function newSlot(): CallSlot {
  return {
    argsParts: [],
    hasArgs: false,
    argsIsString: false,
    argsDone: false,
    isContainer: false,
    closed: false,
  };
}

function decodeJsonString(raw: string): string {
  // most keys and names have no escapes: no parse needed
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

function isScalarEnd(c: number): boolean {
  // whitespace , ] } : " { [
  return (
    c === 0x20 ||
    c === 0x0a ||
    c === 0x0d ||
    c === 0x09 ||
    c === 44 ||
    c === 93 ||
    c === 125 ||
    c === 58 ||
    c === 34 ||
    c === 123 ||
    c === 91
  );
}

export class JsonCallScanner {
  private readonly frames: Frame[] = [];
  private inString = false;
  private escape = false;
  private stringKind: 'key' | 'name' | 'skip' = 'skip';
  private stringParts = '';
  private stringFrom = -1;
  private inScalar = false;
  private cap: { slot: CallSlot; depth: number } | null = null;
  private capFrom = -1;
  done = false;
  /** set by the listener to stop right after the current string (the value is not a call after all) */
  halted = false;
  readonly slots: CallSlot[] = [];

  /**
   * @param argsSlot when given, the whole value is this call's arguments (Mistral `NAME[ARGS]{...}`)
   * @param containers whether `{"tool_calls":[...]}` holds calls (only the trigger protocol writes it)
   */
  constructor(
    private readonly listener: JsonCallListener,
    private readonly argsSlot?: CallSlot,
    private readonly containers = true,
  ) {}

  /** Consumes `buf` from `from`; returns where it stopped: just past the value's end, or buf.length. */
  feed(buf: string, from: number): number {
    if (this.stringFrom >= 0) this.stringFrom = from;
    if (this.cap) this.capFrom = from;
    const n = buf.length;
    for (let i = from; i < n; i++) {
      const c = buf.charCodeAt(i);
      if (this.inString) {
        if (this.escape) {
          this.escape = false;
        } else if (c === 92) {
          this.escape = true;
        } else if (c === 34) {
          this.inString = false;
          this.endString(buf, i);
          if (this.halted) return i + 1;
        }
        continue;
      }
      if (this.inScalar) {
        if (!isScalarEnd(c)) continue;
        this.inScalar = false;
        this.valueEnded(buf, i);
      }
      switch (c) {
        case 0x20:
        case 0x0a:
        case 0x0d:
        case 0x09:
          break;
        case 123:
        case 91:
          this.openContainer(i, c === 123);
          break;
        case 125:
        case 93:
          if (this.closeContainer(buf, i)) {
            this.done = true;
            return i + 1;
          }
          break;
        case 34:
          this.openString(i);
          break;
        case 58: {
          const top = this.frames[this.frames.length - 1];
          if (top?.obj) top.afterColon = true;
          break;
        }
        case 44: {
          const top = this.frames[this.frames.length - 1];
          if (top?.obj) {
            top.key = null;
            top.afterColon = false;
          }
          break;
        }
        default:
          this.beginValue(i, 'scalar');
          this.inScalar = true;
      }
    }
    if (this.inString && this.stringKind !== 'skip') this.stringParts += buf.slice(this.stringFrom, n);
    if (this.cap) this.flushCap(buf, n);
    return n;
  }

  private flushCap(buf: string, end: number): void {
    if (!this.cap || end <= this.capFrom) return;
    this.listener.onArgs(this.cap.slot, buf.slice(this.capFrom, end));
    this.capFrom = end;
  }

  private beginValue(i: number, kind: 'obj' | 'arr' | 'string' | 'scalar'): void {
    const parent = this.frames[this.frames.length - 1];
    let slot: CallSlot | null = null;
    if (!parent) {
      slot = this.argsSlot ?? null;
    } else if (
      parent.obj &&
      parent.afterColon &&
      parent.slot &&
      parent.role !== 'other' &&
      parent.key !== null &&
      ARGS_KEYS.has(parent.key) &&
      !parent.slot.hasArgs
    ) {
      slot = parent.slot;
    }
    if (!slot || this.cap) return;
    slot.hasArgs = true;
    slot.argsIsString = kind === 'string';
    this.cap = { slot, depth: this.frames.length };
    this.capFrom = i;
  }

  private valueEnded(buf: string, end: number): void {
    if (!this.cap || this.frames.length !== this.cap.depth) return;
    this.flushCap(buf, end);
    this.cap.slot.argsDone = true;
    this.cap = null;
  }

  private openContainer(i: number, isObj: boolean): void {
    const parent = this.frames[this.frames.length - 1];
    this.beginValue(i, isObj ? 'obj' : 'arr');
    let role: Role = 'other';
    let slot: CallSlot | null = null;
    if (!parent) {
      if (!this.argsSlot) role = isObj ? 'root' : 'list';
    } else if (isObj && parent.role === 'list') {
      role = 'call';
    } else if (isObj && parent.obj && parent.slot && (parent.role === 'root' || parent.role === 'call')) {
      if (parent.key === 'function') {
        role = 'fn';
        slot = parent.slot;
      }
    } else if (
      !isObj &&
      this.containers &&
      parent.obj &&
      parent.role === 'root' &&
      parent.key === 'tool_calls' &&
      parent.slot
    ) {
      role = 'list';
      parent.slot.isContainer = true;
    }
    if (role === 'root' || role === 'call') {
      slot = newSlot();
      this.slots.push(slot);
    }
    this.frames.push({ obj: isObj, role, slot, key: null, afterColon: false });
  }

  private closeContainer(buf: string, i: number): boolean {
    const frame = this.frames.pop();
    if (!frame) return true;
    if (frame.slot && (frame.role === 'root' || frame.role === 'call')) {
      frame.slot.closed = true;
      if (!frame.slot.isContainer) this.listener.onCallEnd(frame.slot);
    }
    this.valueEnded(buf, i + 1);
    return this.frames.length === 0;
  }

  private openString(i: number): void {
    const top = this.frames[this.frames.length - 1];
    let kind: 'key' | 'name' | 'skip' = 'skip';
    if (top?.obj && !top.afterColon) {
      // only the keys of a call (or the root) matter; keys inside the arguments are skipped
      kind = top.role === 'other' ? 'skip' : 'key';
    } else {
      this.beginValue(i, 'string');
      if (top?.obj && top.slot && top.role !== 'other' && isNameKey(top.key)) kind = 'name';
    }
    this.inString = true;
    this.stringKind = kind;
    if (kind !== 'skip') {
      this.stringParts = '';
      this.stringFrom = i + 1;
    }
  }

  private endString(buf: string, i: number): void {
    const kind = this.stringKind;
    let raw = '';
    if (kind !== 'skip') {
      raw = this.stringParts + buf.slice(this.stringFrom, i);
      this.stringParts = '';
      this.stringFrom = -1;
    }
    const top = this.frames[this.frames.length - 1];
    if (kind === 'key') {
      top.key = decodeJsonString(raw);
      if (this.containers && top.role === 'root' && top.key === 'tool_calls' && top.slot) {
        top.slot.isContainer = true;
      }
      return;
    }
    if (kind === 'name' && top.slot && top.slot.name === undefined) {
      top.slot.name = decodeJsonString(raw);
      this.listener.onName(top.slot);
    }
    this.valueEnded(buf, i + 1);
  }
}
