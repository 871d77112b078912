// Guest-side helpers needed only on rare paths: error descriptions, console rendering of objects, and
// the path of a value JSON cannot carry. Compiled inside a job's context the first time that job needs
// them (see guest-prelude.ts), so the common path never pays for their ~5 KB of source.

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
  // The quick stringify in the prelude threw 'e': a value JSON cannot carry (its marker) or a TypeError
  // (circular) gets walked again to say what and where; anything else (out of memory, a throwing getter)
  // is passed on.
  function toJsonAfter(e, value, label) {
    if (e !== I.NOT_JSON && !apply(I.hasInstance, I.TypeError, [e])) throw e;
    return toJson(value, label);
  }
  function failure(e) {
    if (I.InternalError !== undefined && apply(I.hasInstance, I.InternalError, [e])) {
      const message = dataProp(e, 'message');
      if (message === 'out of memory') return 'Eo' + 'InternalError: out of memory';
      if (message === 'stack overflow') return 'Eo' + 'InternalError: stack overflow (the script exceeded its stack limit)';
    }
    return 'Ee' + describeThrown(e);
  }
  return { toJsonAfter: toJsonAfter, failure: failure, format: format, cut: cut };`;
