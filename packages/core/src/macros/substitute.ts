/** A place variables live. Plain objects are wrapped by `variableStoreFrom`. */
export interface VariableStore {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  delete(name: string): void;
}

export interface MacroEnv {
  /** {{user}}: the user's (persona's) name */
  user?: string;
  /** {{char}}: the character's name */
  char?: string;
  /** {{persona}}: the persona description */
  persona?: string;
  /** the clock for {{date}} / {{time}} / {{datetime}} (default: now) */
  now?: Date | (() => Date);
  /** BCP 47 locale and IANA time zone for dates (default: en-US, the host's zone) */
  locale?: string;
  timeZone?: string;
  /** chat-local variables ({{getvar::x}}) */
  variables?: VariableStore | Record<string, unknown>;
  /** global variables ({{getglobalvar::x}}) */
  globalVariables?: VariableStore | Record<string, unknown>;
  /** seed for {{pick}}: the same text and seed always pick the same items (e.g. the chat id) */
  seed?: string | number;
  /** randomness for {{random}} (default Math.random) */
  random?: () => number;
  /**
   * Apply setvar / addvar / incvar / decvar / deletevar (and the global forms) to the stores. Off by default:
   * task prompts must not change chat state, so the macros are only removed.
   */
  applySideEffects?: boolean;
}

const MACRO = /\{\{((?:(?!\{\{|\}\})[\s\S])*)\}\}/g;

const SIDE_EFFECTS = new Set([
  'setvar',
  'addvar',
  'incvar',
  'decvar',
  'deletevar',
  'setglobalvar',
  'addglobalvar',
  'incglobalvar',
  'decglobalvar',
  'deleteglobalvar',
]);

/** Wraps a plain object (own keys only) as a VariableStore; a store is returned as is. */
export function variableStoreFrom(
  source: VariableStore | Record<string, unknown> | undefined,
): VariableStore {
  if (
    source &&
    typeof (source as VariableStore).get === 'function' &&
    typeof (source as VariableStore).set === 'function'
  ) {
    return source as VariableStore;
  }
  const obj = (source ?? {}) as Record<string, unknown>;
  return {
    get: (name) => (Object.hasOwn(obj, name) ? obj[name] : undefined),
    set: (name, value) => {
      Object.defineProperty(obj, name, { value, enumerable: true, writable: true, configurable: true });
    },
    delete: (name) => {
      delete obj[name];
    },
  };
}

/**
 * Replaces the macros of `text` in one left-to-right pass. Results are never expanded again, so a variable
 * holding `{{user}}` comes out literally. Unknown macros stay as written.
 */
export function substituteMacros(text: string, env: MacroEnv = {}): string {
  if (!text.includes('{{')) return text;
  return text.replace(MACRO, (whole: string, inner: string, offset: number) => {
    const value = expand(inner, offset, text, env);
    return value === undefined ? whole : value;
  });
}

function expand(inner: string, offset: number, text: string, env: MacroEnv): string | undefined {
  const trimmed = inner.trim();
  if (trimmed.startsWith('//')) return '';
  const { name, args, colonForm } = splitMacro(trimmed);
  switch (name) {
    case 'user':
      return args.length === 0 ? (env.user ?? 'User') : undefined;
    case 'char':
      return args.length === 0 ? (env.char ?? '') : undefined;
    case 'persona':
      return args.length === 0 ? (env.persona ?? '') : undefined;
    case 'date':
      return args.length === 0 ? formatDate(env, 'date') : undefined;
    case 'time':
      return args.length === 0 ? formatDate(env, 'time') : undefined;
    case 'datetime':
      return args.length === 0 ? `${formatDate(env, 'date')} ${formatDate(env, 'time')}` : undefined;
    case 'random': {
      const items = choices(args, colonForm);
      if (items.length === 0) return undefined;
      const random = env.random ?? Math.random;
      return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
    }
    case 'pick': {
      const items = choices(args, colonForm);
      if (items.length === 0) return undefined;
      const hash = fnv1a(`${env.seed ?? ''}\u0000${offset}\u0000${text}`);
      return items[hash % items.length];
    }
    case 'getvar':
    case 'getglobalvar': {
      if (args.length !== 1) return undefined;
      const store = variableStoreFrom(name === 'getvar' ? env.variables : env.globalVariables);
      return stringify(store.get(args[0].trim()));
    }
    default:
      if (SIDE_EFFECTS.has(name)) return sideEffect(name, args, env);
      return undefined;
  }
}

function splitMacro(inner: string): { name: string; args: string[]; colonForm: boolean } {
  const dbl = inner.indexOf('::');
  const single = inner.indexOf(':');
  if (dbl !== -1 && dbl === single) {
    return {
      name: inner.slice(0, dbl).trim().toLowerCase(),
      args: inner.slice(dbl + 2).split('::'),
      colonForm: false,
    };
  }
  if (single !== -1) {
    return {
      name: inner.slice(0, single).trim().toLowerCase(),
      args: [inner.slice(single + 1)],
      colonForm: true,
    };
  }
  return { name: inner.toLowerCase(), args: [], colonForm: false };
}

/** `{{random:a,b}}` splits on commas (a `\,` stays a comma); `{{random::a::b}}` on `::`. */
function choices(args: string[], colonForm: boolean): string[] {
  if (args.length === 0) return [];
  if (!colonForm) return args;
  return args[0]
    .replace(/\\,/g, '\u0000')
    .split(',')
    .map((item) => item.replace(/\u0000/g, ',').trim());
}

function sideEffect(name: string, args: string[], env: MacroEnv): string | undefined {
  const key = args[0]?.trim();
  if (!key) return undefined;
  if (!env.applySideEffects) return '';
  const global = name.includes('global');
  const store = variableStoreFrom(global ? env.globalVariables : env.variables);
  const op = name.replace('global', '');
  const value = args.slice(1).join('::');
  if (op === 'setvar') store.set(key, value);
  else if (op === 'deletevar') store.delete(key);
  else if (op === 'addvar') {
    const current = store.get(key);
    const a = Number(current);
    const b = Number(value);
    const numeric =
      current !== undefined &&
      current !== '' &&
      value.trim() !== '' &&
      Number.isFinite(a) &&
      Number.isFinite(b);
    store.set(key, numeric ? a + b : `${stringify(current)}${value}`);
  } else {
    // incvar / decvar answer with the new value, as SillyTavern does
    const current = Number(store.get(key) ?? 0);
    const next = (Number.isFinite(current) ? current : 0) + (op === 'incvar' ? 1 : -1);
    store.set(key, next);
    return String(next);
  }
  return '';
}

function stringify(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function formatDate(env: MacroEnv, part: 'date' | 'time'): string {
  const now = typeof env.now === 'function' ? env.now() : (env.now ?? new Date());
  const options: Intl.DateTimeFormatOptions =
    part === 'date'
      ? { year: 'numeric', month: 'long', day: 'numeric' }
      : { hour: 'numeric', minute: '2-digit' };
  if (env.timeZone) options.timeZone = env.timeZone;
  return new Intl.DateTimeFormat(env.locale ?? 'en-US', options).format(now);
}

function fnv1a(input: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
