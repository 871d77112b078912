// Guest-side Luker script API, so tools written for Luker's orchestrator run unchanged where that is safe:
// `ctx.__lukerRun` (Luker's name for `ctx.__run`) with a real abort signal, `ctx.abortSignal`,
// `ctx.eventSource.on/once/off/emit` with SillyTavern's `ctx.eventTypes`, `AbortController`, and `fetch`
// (answered by the host under the webhook URL policy, only for tools allowed to fetch). Fields that cannot
// exist outside Luker's browser app are stubs that throw an error naming the field. Everything here runs
// inside the QuickJS sandbox; compiled on first use (see guest-prelude.ts). docs/luker-scripts.md says
// what each field does here.

/** The body of `function (I) { ... }`; `I` holds built-ins captured before any user code ran. */
export const GUEST_LUKER = String.raw`'use strict';
  const job = I.job;
  const ctx = job.ctx || {};
  const apply = I.apply;

  // SillyTavern's event names (event_types), as Luker scripts import them.
  const eventTypes = Object.freeze({
    APP_READY: 'app_ready',
    MESSAGE_SENT: 'message_sent',
    MESSAGE_RECEIVED: 'message_received',
    MESSAGE_EDITED: 'message_edited',
    MESSAGE_DELETED: 'message_deleted',
    MESSAGE_UPDATED: 'message_updated',
    MESSAGE_SWIPED: 'message_swiped',
    GENERATION_STARTED: 'generation_started',
    GENERATION_STOPPED: 'generation_stopped',
    GENERATION_ENDED: 'generation_ended',
    GENERATE_AFTER_DATA: 'generate_after_data',
    CHAT_CHANGED: 'chat_id_changed',
    CHARACTER_MESSAGE_RENDERED: 'character_message_rendered',
    USER_MESSAGE_RENDERED: 'user_message_rendered',
    STREAM_TOKEN_RECEIVED: 'stream_token_received',
    WORLD_INFO_ACTIVATED: 'world_info_activated',
    WORLDINFO_UPDATED: 'worldinfo_updated',
    TOOL_CALLS_PERFORMED: 'tool_calls_performed',
    TOOL_CALLS_RENDERED: 'tool_calls_rendered',
    SETTINGS_UPDATED: 'settings_updated',
    GROUP_UPDATED: 'group_updated',
  });

  function report(where, e) {
    I.hostLog('error', 'Uncaught error in ' + where + ': ' + I.part('library').failure(e).slice(2));
  }
  function abortError() {
    const e = new I.Error('The run was aborted.');
    e.name = 'AbortError';
    return e;
  }

  // An AbortSignal-shaped object: aborted, reason, onabort, add/removeEventListener, throwIfAborted.
  function makeSignal() {
    const listeners = [];
    const state = { aborted: false, reason: undefined, onabort: null };
    const signal = {
      get aborted() {
        return state.aborted;
      },
      get reason() {
        return state.reason;
      },
      get onabort() {
        return state.onabort;
      },
      set onabort(fn) {
        state.onabort = typeof fn === 'function' ? fn : null;
      },
      addEventListener: function (type, fn, options) {
        if (type !== 'abort' || typeof fn !== 'function' || state.aborted) return;
        const once = typeof options === 'object' && options !== null && options.once === true;
        listeners.push({ fn: fn, once: once });
      },
      removeEventListener: function (type, fn) {
        for (let i = listeners.length - 1; i >= 0; i--) if (listeners[i].fn === fn) listeners.splice(i, 1);
      },
      throwIfAborted: function () {
        if (state.aborted) throw state.reason;
      },
    };
    function fire(reason) {
      if (state.aborted) return;
      state.aborted = true;
      state.reason = reason === undefined ? abortError() : reason;
      const event = { type: 'abort', target: signal };
      if (state.onabort) {
        try {
          apply(state.onabort, signal, [event]);
        } catch (e) {
          report('an abort listener', e);
        }
      }
      const list = listeners.splice(0, listeners.length);
      for (let i = 0; i < list.length; i++) {
        try {
          apply(list[i].fn, signal, [event]);
        } catch (e) {
          report('an abort listener', e);
        }
      }
    }
    return { signal: signal, fire: fire };
  }

  // eventSource: listeners live for this run; emit reaches them in order (awaited, as in SillyTavern)
  // and then the host (a script-event on the chat's stream) when the host offers one.
  const handlers = { __proto__: null };
  function listenersOf(name) {
    return handlers[name] || (handlers[name] = []);
  }
  function addListener(name, fn, once, first) {
    if (typeof fn !== 'function') throw new I.TypeError('eventSource.on(name, listener) needs a function.');
    const entry = { fn: fn, once: once };
    if (first) listenersOf(String(name)).unshift(entry);
    else listenersOf(String(name)).push(entry);
  }
  function removeListener(name, fn) {
    const list = handlers[String(name)];
    if (!list) return;
    for (let i = list.length - 1; i >= 0; i--) if (list[i].fn === fn) list.splice(i, 1);
  }
  async function emitLocal(name, args) {
    const list = handlers[String(name)];
    if (!list) return;
    const copy = list.slice();
    for (let i = 0; i < copy.length; i++) {
      if (copy[i].once) removeListener(name, copy[i].fn);
      await apply(copy[i].fn, undefined, args);
    }
  }
  const hostEmit = job.emit;
  const eventSource = {
    on: function (name, fn) {
      addListener(name, fn, false, false);
    },
    once: function (name, fn) {
      addListener(name, fn, true, false);
    },
    makeFirst: function (name, fn) {
      addListener(name, fn, false, true);
    },
    makeLast: function (name, fn) {
      addListener(name, fn, false, false);
    },
    off: removeListener,
    removeListener: removeListener,
    emit: async function (name) {
      const args = [];
      for (let i = 1; i < arguments.length; i++) args.push(arguments[i]);
      await emitLocal(name, args);
      if (typeof hostEmit === 'function') return hostEmit(name, args.length > 0 ? args[0] : null);
      return true;
    },
  };
  eventSource.emitAndWait = eventSource.emit;

  const runSignal = makeSignal();
  function abortRun() {
    runSignal.fire();
    emitLocal(eventTypes.GENERATION_STOPPED, []).then(undefined, function (e) {
      report('a ' + eventTypes.GENERATION_STOPPED + ' listener', e);
    });
  }
  const run = typeof ctx.__run === 'object' && ctx.__run !== null ? ctx.__run : {};
  if (job.aborted || run.aborted === true) runSignal.fire();
  const lukerRun = {
    get aborted() {
      return runSignal.signal.aborted;
    },
    signal: runSignal.signal,
    abortSignal: runSignal.signal,
    activatedEntryKeys: I.isArray(run.activatedEntryKeys) ? run.activatedEntryKeys : [],
    traceId: typeof run.traceId === 'string' ? run.traceId : null,
    dryRun: ctx.dryRun === true,
  };

  const STUBS = {
    __floorStateForNotes:
      "Luker's floor state for notes belongs to Luker's chat screen and has no counterpart in Toolsmith",
    __customToolRegistry:
      "Luker's live tool registry is not exposed to scripts in Toolsmith (tools are managed on the Functions page)",
    __memoryGraphSession:
      "Luker's memory graph plugin does not exist in Toolsmith",
  };
  function field(name) {
    switch (name) {
      case '__lukerRun':
        return lukerRun;
      case 'abortSignal':
        return runSignal.signal;
      case 'eventSource':
        return eventSource;
      case 'eventTypes':
        return eventTypes;
    }
    if (Object.prototype.hasOwnProperty.call(STUBS, name)) {
      throw new I.Error('ctx.' + name + ' is not supported: ' + STUBS[name] +
        '. Guard it with a try/catch, or see "Luker scripts" in the Toolsmith docs for what is available.');
    }
    return undefined;
  }

  // A Response-shaped answer: status, ok, headers.get, text(), json().
  function response(r) {
    const headers = r.headers || {};
    let used = false;
    function body() {
      if (used) return Promise.reject(new I.TypeError('The response body was already read.'));
      used = true;
      return Promise.resolve(r.body);
    }
    return {
      ok: r.status >= 200 && r.status <= 299,
      status: r.status,
      statusText: r.statusText || '',
      url: r.url,
      redirected: r.redirected === true,
      headers: {
        get: function (name) {
          const v = headers[String(name).toLowerCase()];
          return v === undefined ? null : v;
        },
        has: function (name) {
          return headers[String(name).toLowerCase()] !== undefined;
        },
        forEach: function (fn) {
          for (const k in headers) fn(headers[k], k);
        },
      },
      get bodyUsed() {
        return used;
      },
      text: body,
      json: function () {
        return body().then(JSON.parse);
      },
      arrayBuffer: function () {
        return Promise.reject(new I.TypeError('fetch in Toolsmith scripts reads text only: use text() or json().'));
      },
    };
  }
  function headerObject(h) {
    const out = {};
    if (h === undefined || h === null) return out;
    if (typeof h.forEach === 'function' && !I.isArray(h)) {
      h.forEach(function (v, k) {
        out[String(k)] = String(v);
      });
      return out;
    }
    if (I.isArray(h)) {
      for (let i = 0; i < h.length; i++) out[String(h[i][0])] = String(h[i][1]);
      return out;
    }
    for (const k in h) out[k] = String(h[k]);
    return out;
  }
  function fetch(input, init) {
    if (typeof job.fetch !== 'function') {
      return Promise.reject(new I.TypeError(
        'fetch is switched off for this tool. Turn on "Allow fetch" for it in the tool editor; requests then ' +
          'go through the server under the webhook URL rules (https only unless local URLs are enabled).'));
    }
    const options = typeof init === 'object' && init !== null ? init : {};
    const url = typeof input === 'string' ? input : input && typeof input.url === 'string' ? input.url : String(input);
    if (options.body !== undefined && options.body !== null && typeof options.body !== 'string') {
      return Promise.reject(new I.TypeError('fetch body must be text: JSON.stringify objects first.'));
    }
    const signal = options.signal;
    if (signal && signal.aborted) return Promise.reject(abortError());
    const request = {
      method: typeof options.method === 'string' ? options.method.toUpperCase() : 'GET',
      headers: headerObject(options.headers),
    };
    if (typeof options.body === 'string') request.body = options.body;
    const answer = job.fetch(url, request).then(response);
    if (!signal || typeof signal.addEventListener !== 'function') return answer;
    return new Promise(function (resolve, reject) {
      signal.addEventListener('abort', function () {
        reject(abortError());
      });
      answer.then(resolve, reject);
    });
  }

  function controller() {
    const made = makeSignal();
    return {
      signal: made.signal,
      abort: function (reason) {
        made.fire(reason);
      },
    };
  }

  return { field: field, fetch: fetch, controller: controller, abort: abortRun };`;
