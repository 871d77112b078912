// Guest-side code, evaluated in every fresh QuickJS context before any user code. It captures the
// built-ins it relies on (user code may replace globals afterwards), installs `console`, and returns
// the `run` entry point. Everything here runs under the interrupt handler, so getters,
// proxies and toJSON hooks that loop forever end in a timeout, never a hung host. Values leave the guest
// only as strings: 'R' + result JSON, or 'E' + kind ('e' error, 'o' out of memory) + message.
//
// Compiling source costs about 1 ms per 5 KB in QuickJS and every job gets a fresh context, so the
// prelude stays small and the rarely needed helpers (GUEST_LIBRARY: error descriptions, console
// formatting of objects, the path of a non-JSON value) are compiled only when a job first needs them.
//
// Host functions it receives: hostLog(level, message), hostCall(name, argsJson) → Promise<json text>.

export const GUEST_PRELUDE = `(function (hostLog, hostCall, librarySource) {
  'use strict';
  const AsyncFunction = (async function () {}).constructor;
  const FunctionCtor = Function;
  const TypeErrorCtor = TypeError;
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const apply = Reflect.apply;
  const promiseThen = Promise.prototype.then;
  const promiseResolve = Promise.resolve.bind(Promise);
  const promiseReject = Promise.reject.bind(Promise);
  const I = {
    InternalError: typeof InternalError === 'function' ? InternalError : undefined,
    Error: Error,
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
  };
  let library;
  function lib() {
    if (!library) library = apply(FunctionCtor, undefined, ['I', librarySource])(I);
    return library;
  }
  const NOT_JSON = {};
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
      // Out of memory, a throwing getter: pass it on. Not JSON (or circular, a TypeError): walk again
      // with the full checker to say what cannot be carried and where.
      if (e !== NOT_JSON && !apply(I.hasInstance, TypeErrorCtor, [e])) throw e;
      return lib().toJson(value, label);
    }
    return text === undefined ? 'null' : text;
  }
  function failure(e) {
    return lib().failure(e);
  }
  function hostFunction(name) {
    return function () {
      const list = [];
      for (let i = 0; i < arguments.length; i++) list[i] = arguments[i];
      let argsJson;
      let pending;
      try {
        argsJson = toJson(list, 'The arguments of ctx.' + name);
        pending = hostCall(name, argsJson);
      } catch (e) {
        return promiseReject(e);
      }
      return apply(promiseThen, pending, [parse]);
    };
  }
  const levels = ['log', 'info', 'warn', 'error', 'debug'];
  const consoleObject = {};
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    consoleObject[level] = function () {
      let text = '';
      for (let j = 0; j < arguments.length; j++) {
        const v = arguments[j];
        const type = typeof v;
        if (type !== 'string' && type !== 'number' && type !== 'boolean' && v !== undefined && v !== null) {
          text = lib().format(arguments);
          break;
        }
        text += (j ? ' ' : '') + v;
      }
      hostLog(level, text.length > 8192 ? lib().cut(text) : text);
    };
  }
  globalThis.console = consoleObject;

  function run(body, argsJson, ctxJson, namesJson) {
    let fn;
    try {
      fn = new AsyncFunction('args', 'ctx', body);
    } catch (e) {
      return promiseResolve(failure(e));
    }
    const args = parse(argsJson);
    const ctx = parse(ctxJson);
    const names = parse(namesJson);
    for (let i = 0; i < names.length; i++) ctx[names[i]] = hostFunction(names[i]);
    return apply(promiseThen, fn(args, ctx), [
      function (value) {
        try {
          return 'R' + toJson(value, 'The result');
        } catch (e) {
          return failure(e);
        }
      },
      failure,
    ]);
  }
  return run;
})`;

/** The body of `function (I) { ... }`; `I` holds built-ins captured before any user code ran. */
export const GUEST_LIBRARY = String.raw`'use strict';
  const apply = I.apply;
  const stringify = I.stringify;
  const getOwnDesc = I.getOwnDesc;
  const MAX_TEXT = 8192;
  const LINE_OFFSET = 2; // lines the AsyncFunction constructor puts before the body
  const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
  const INDEX = /^\d+$/;

  function push(list, v) {
    apply(I.arrayPush, list, [v]);
  }
  function join(list, sep) {
    return apply(I.arrayJoin, list, [sep]);
  }
  function test(re, s) {
    return apply(I.regExpTest, re, [s]);
  }
  function cut(s) {
    return s.length > MAX_TEXT ? apply(I.stringSlice, s, [0, MAX_TEXT]) + '… (cut)' : s;
  }
  function isError(v) {
    return apply(I.hasInstance, I.Error, [v]);
  }
  // Reads a data property along the prototype chain without running getters.
  function dataProp(o, key) {
    let cur = o;
    for (let depth = 0; cur !== null && cur !== undefined && depth < 32; depth++) {
      const d = getOwnDesc(cur, key);
      if (d) return 'value' in d ? d.value : undefined;
      cur = I.getProto(cur);
    }
    return undefined;
  }
  function errorText(e) {
    const name = dataProp(e, 'name');
    const message = dataProp(e, 'message');
    const n = typeof name === 'string' && name ? name : 'Error';
    let text = typeof message === 'string' && message ? n + ': ' + message : n;
    if (n === 'SyntaxError') {
      const line = dataProp(e, 'lineNumber');
      const column = dataProp(e, 'columnNumber');
      if (typeof line === 'number' && line > LINE_OFFSET) {
        text += ' (line ' + (line - LINE_OFFSET) + (typeof column === 'number' ? ', column ' + column : '') + ')';
      }
    }
    return text;
  }
  // A getter-safe rendering for console output and thrown non-Error values.
  function inspect(v, depth, seen) {
    switch (typeof v) {
      case 'string':
        return depth === 0 ? v : stringify(v);
      case 'number':
      case 'boolean':
      case 'undefined':
        return '' + v;
      case 'bigint':
        return '' + v + 'n';
      case 'symbol':
        return apply(I.symbolToString, v, []);
      case 'function': {
        const name = dataProp(v, 'name');
        return typeof name === 'string' && name ? '[Function ' + name + ']' : '[Function]';
      }
    }
    if (v === null) return 'null';
    if (apply(I.arrayIncludes, seen, [v])) return '[Circular]';
    if (isError(v)) return errorText(v);
    const array = I.isArray(v);
    if (depth > 2) return array ? '[Array]' : '[Object]';
    push(seen, v);
    const keys = I.ownKeys(v);
    const parts = [];
    let length = 0;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string' || (array && key === 'length')) continue;
      if (parts.length >= 100 || length > MAX_TEXT) {
        push(parts, '…');
        break;
      }
      const d = getOwnDesc(v, key);
      if (!d || !d.enumerable) continue;
      const shown = 'value' in d ? inspect(d.value, depth + 1, seen) : '[Getter/Setter]';
      const part = array ? shown : (test(IDENTIFIER, key) ? key : stringify(key)) + ': ' + shown;
      length += part.length;
      push(parts, part);
    }
    apply(I.arrayPop, seen, []);
    if (array) return '[' + join(parts, ', ') + ']';
    return parts.length ? '{ ' + join(parts, ', ') + ' }' : '{}';
  }
  function format(args) {
    let text = '';
    try {
      for (let j = 0; j < args.length && text.length <= MAX_TEXT; j++) {
        text += (j ? ' ' : '') + inspect(args[j], 0, []);
      }
    } catch (e) {
      text += ' [could not be shown: ' + describeThrown(e) + ']';
    }
    return cut(text);
  }
  function describeThrown(e) {
    try {
      if (typeof e === 'string') return cut(e);
      if (typeof e === 'object' && e !== null && isError(e)) return cut(errorText(e));
      if (typeof e === 'object' && e !== null) {
        const message = dataProp(e, 'message');
        if (typeof message === 'string' && message) return cut(message);
      }
      return cut('The script threw ' + inspect(e, 1, []));
    } catch (inner) {
      return 'The script threw a value that could not be described';
    }
  }
  // JSON text of a value, or a thrown Error naming the first value JSON cannot carry and where it is.
  function toJson(value, label) {
    const stack = [];
    const path = [];
    function pathPart(key) {
      return test(INDEX, key) ? '[' + key + ']' : test(IDENTIFIER, key) ? '.' + key : '[' + stringify(key) + ']';
    }
    function where(key) {
      let s = '$';
      for (let i = 1; i < path.length; i++) s += pathPart(path[i]);
      return path.length ? s + pathPart(key) : s;
    }
    function fail(what, key) {
      throw new I.Error(label + ' is not JSON-serialisable: found ' + what + ' at ' + where(key) + '.');
    }
    function replacer(key, v) {
      while (stack.length && stack[stack.length - 1] !== this) {
        apply(I.arrayPop, stack, []);
        apply(I.arrayPop, path, []);
      }
      const type = typeof v;
      if (type === 'function') fail('a function', key);
      if (type === 'bigint') fail('a BigInt', key);
      if (type === 'symbol') fail('a symbol', key);
      if (type === 'object' && v !== null) {
        if (apply(I.arrayIncludes, stack, [v])) fail('a circular reference', key);
        push(stack, v);
        push(path, key);
      }
      return v;
    }
    const text = stringify(value, replacer);
    return text === undefined ? 'null' : text;
  }
  function failure(e) {
    if (I.InternalError !== undefined && apply(I.hasInstance, I.InternalError, [e])) {
      const message = dataProp(e, 'message');
      if (message === 'out of memory') return 'Eo' + 'InternalError: out of memory';
      if (message === 'stack overflow') return 'Eo' + 'InternalError: stack overflow (the script exceeded its stack limit)';
    }
    return 'Ee' + describeThrown(e);
  }
  return { toJson: toJson, failure: failure, format: format, cut: cut };`;
