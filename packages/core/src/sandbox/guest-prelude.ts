// Guest-side code, evaluated in every fresh QuickJS context before any user code. It captures the
// built-ins the guest-side helpers rely on (user code may replace globals afterwards), installs
// `console`, and returns the `run` entry point. Everything here runs under the interrupt handler, so
// getters, proxies and toJSON hooks that loop forever end in a timeout, never a hung host. Values leave
// the guest only as strings: 'R' + result JSON, or 'E' + kind ('e' error, 'o' out of memory) + message.
//
// Cost matters: every job gets a fresh context, and QuickJS compiles source at about 0.2 ms per KB,
// which made this prelude the largest part of preparing a context. So it holds only what most jobs
// use (the captures, `run`, the quick JSON path, host functions); console output and the library live
// in GUEST_PARTS, compiled inside a job's context the first time that job needs them.
//
// Host functions it receives: hostLog(level, message), hostCall(name, argsJson) → Promise<json text>,
// hostPart(name) → the source of one of GUEST_PARTS, hostTimer(id, ms) → a promise settled after ms,
// hostClearTimer(id).
//
// Luker's script API (ctx.__lukerRun, its abort signal, eventSource.on, fetch, setTimeout, ...) lives in
// the 'luker' and 'timers' parts: the prelude only installs small forwarders and lazy getters.
import { GUEST_LIBRARY } from './guest-library.js';
import { GUEST_LUKER } from './guest-luker.js';
import { GUEST_TIMERS } from './guest-timers.js';

export const GUEST_PRELUDE = `(function (hostLog, hostCall, hostPart, hostTimer, hostClearTimer) {
  'use strict';
  const FunctionCtor = Function;
  const AsyncFunction = (async function () {}).constructor;
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const apply = Reflect.apply;
  const promiseThen = Promise.prototype.then;
  const promiseReject = Promise.reject.bind(Promise);
  const NOT_JSON = {};
  const parts = { __proto__: null };
  const I = {
    InternalError: typeof InternalError === 'function' ? InternalError : undefined,
    Error: Error,
    TypeError: TypeError,
    stringify: stringify,
    apply: apply,
    ownKeys: Reflect.ownKeys,
    getOwnDesc: Object.getOwnPropertyDescriptor,
    getProto: Object.getPrototypeOf,
    isArray: Array.isArray,
    hasInstance: Function.prototype[Symbol.hasInstance],
    symbolToString: Symbol.prototype.toString,
    regExpTest: RegExp.prototype.test,
    arrayIncludes: Array.prototype.includes,
    arrayPush: Array.prototype.push,
    arrayPop: Array.prototype.pop,
    arrayJoin: Array.prototype.join,
    stringSlice: String.prototype.slice,
    NOT_JSON: NOT_JSON,
    hostLog: hostLog,
    hostTimer: hostTimer,
    hostClearTimer: hostClearTimer,
    defineProperty: Object.defineProperty,
    part: part,
    // this context's one job: its ctx, the host's fetch and emit, and whether the host aborted it
    job: { ctx: null, fetch: undefined, emit: undefined, aborted: false },
  };
  function part(name) {
    return parts[name] || (parts[name] = apply(FunctionCtor, undefined, ['I', hostPart(name)])(I));
  }
  function quickReplacer(key, v) {
    const type = typeof v;
    if (type === 'function' || type === 'bigint' || type === 'symbol') throw NOT_JSON;
    return v;
  }
  function toJson(value, label) {
    let text;
    try {
      text = stringify(value, quickReplacer);
    } catch (e) {
      return part('library').toJsonAfter(e, value, label);
    }
    return text === undefined ? 'null' : text;
  }
  function failure(e) {
    return part('library').failure(e);
  }
  // ctx.NAME(...): JSON arguments out, a promise of the parsed answer back.
  function hostFunction(name) {
    return function () {
      const list = [];
      for (let i = 0; i < arguments.length; i++) list[i] = arguments[i];
      let pending;
      try {
        pending = hostCall(name, toJson(list, 'The arguments of ctx.' + name));
      } catch (e) {
        return promiseReject(e);
      }
      return apply(promiseThen, pending, [parse]);
    };
  }
  // A dotted name ("variables.get") becomes a nested function (ctx.variables.get); the names come from the host.
  function install(ctx, name) {
    let target = ctx;
    let start = 0;
    for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', start)) {
      const key = name.slice(start, dot);
      const next = target[key];
      target = typeof next === 'object' && next !== null ? next : (target[key] = { __proto__: null });
      start = dot + 1;
    }
    target[name.slice(start)] = hostFunction(name);
  }
  function settle(value) {
    try {
      return 'R' + toJson(value, 'The result');
    } catch (e) {
      return failure(e);
    }
  }
  const consoleObject = {};
  const levels = ['log', 'info', 'warn', 'error', 'debug'];
  for (let i = 0; i < 5; i++) {
    const level = levels[i];
    consoleObject[level] = function () {
      part('console')(level, arguments);
    };
  }
  globalThis.console = consoleObject;
  globalThis.setTimeout = function (fn, ms) {
    const rest = [];
    for (let i = 2; i < arguments.length; i++) rest[i - 2] = arguments[i];
    return part('timers').set(fn, ms, rest);
  };
  globalThis.clearTimeout = function (id) {
    part('timers').clear(id);
  };
  globalThis.setInterval = function (fn, ms) {
    const rest = [];
    for (let i = 2; i < arguments.length; i++) rest[i - 2] = arguments[i];
    return part('timers').set(fn, ms, rest, true);
  };
  globalThis.clearInterval = globalThis.clearTimeout;
  globalThis.fetch = function (input, init) {
    return part('luker').fetch(input, init);
  };
  globalThis.AbortController = function AbortController() {
    return part('luker').controller();
  };
  // Luker's ctx fields, each built by the 'luker' part on first use (most scripts read none of them).
  const LUKER_FIELDS = ['__lukerRun', 'abortSignal', 'eventSource', 'eventTypes',
    '__floorStateForNotes', '__customToolRegistry', '__memoryGraphSession'];
  function lukerFields(ctx) {
    const job = I.job;
    job.ctx = ctx;
    job.fetch = ctx.__fetch;
    delete ctx.__fetch;
    const events = ctx.eventSource;
    job.emit = typeof events === 'object' && events !== null ? events.emit : undefined;
    for (let i = 0; i < LUKER_FIELDS.length; i++) {
      const name = LUKER_FIELDS[i];
      I.defineProperty(ctx, name, {
        configurable: true,
        enumerable: name === 'eventSource' || name === '__lukerRun',
        get: function () {
          return part('luker').field(name);
        },
        set: function (value) {
          I.defineProperty(ctx, name, { value: value, writable: true, configurable: true, enumerable: true });
        },
      });
    }
  }

  // A string is an envelope already (the body did not compile); otherwise a promise of one.
  function run(body, argsJson, ctxJson, namesJson) {
    let fn;
    try {
      fn = new AsyncFunction('args', 'ctx', body);
    } catch (e) {
      return failure(e);
    }
    const ctx = parse(ctxJson);
    const names = parse(namesJson);
    for (let i = 0; i < names.length; i++) install(ctx, names[i]);
    // Host functions named "__extensions.API.method" become ctx.getExtensionApi("API").method(...).
    const extensions = ctx.__extensions;
    if (extensions !== undefined) {
      delete ctx.__extensions;
      ctx.getExtensionApi = function (name) {
        const api = extensions[name];
        return api === undefined ? null : api;
      };
    }
    lukerFields(ctx);
    return apply(promiseThen, fn(parse(argsJson), ctx), [settle, failure]);
  }
  // The host aborted the job while it waited: its signal fires (listeners run) before the job ends.
  run.abort = function () {
    if (I.job.aborted) return;
    I.job.aborted = true;
    if (parts.luker) parts.luker.abort();
  };
  return run;
})`;

/** Bodies of `function (I) { ... }`, compiled on first use; `I` holds what the prelude captured. */
export const GUEST_PARTS: Readonly<Record<string, string>> = {
  library: GUEST_LIBRARY,
  luker: GUEST_LUKER,
  timers: GUEST_TIMERS,

  // console.LEVEL(...): plain values joined here, anything else rendered by the library.
  console: `'use strict';
  return function (level, args) {
    let text = '';
    for (let j = 0; j < args.length; j++) {
      const v = args[j];
      const type = typeof v;
      if (type !== 'string' && type !== 'number' && type !== 'boolean' && v !== undefined && v !== null) {
        text = I.part('library').format(args);
        break;
      }
      text += (j ? ' ' : '') + v;
    }
    I.hostLog(level, text.length > 8192 ? I.part('library').cut(text) : text);
  };`,
};
