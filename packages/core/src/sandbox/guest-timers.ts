// Guest-side setTimeout / setInterval and their clear functions: the callback stays in the guest, only the wait happens on the
// worker (hostTimer settles a promise after the delay). Timers never outlive the job's deadline: the
// job ends at its deadline whatever is still scheduled. Compiled on first use (see guest-prelude.ts).

/** The body of `function (I) { ... }`; `I` holds built-ins captured before any user code ran. */
export const GUEST_TIMERS = `'use strict';
  const live = { __proto__: null };
  let next = 1;
  function report(e) {
    I.hostLog('error', 'Uncaught error in a setTimeout callback: ' + I.part('library').failure(e).slice(2));
  }
  function arm(id, delay, fn, rest, repeat) {
    I.hostTimer(id, delay).then(function () {
      if (live[id] !== true) return;
      if (!repeat) delete live[id];
      try {
        I.apply(fn, undefined, rest);
      } catch (e) {
        report(e);
      }
      if (repeat && live[id] === true) arm(id, delay, fn, rest, true);
    });
  }
  return {
    set: function (fn, ms, rest, repeat) {
      if (typeof fn !== 'function') {
        throw new I.TypeError('setTimeout needs a function: text is never evaluated in the sandbox.');
      }
      const id = next++;
      const delay = typeof ms === 'number' && ms > 0 ? ms : repeat ? 1 : 0;
      arm(id, delay, fn, rest, repeat === true);
      live[id] = true;
      return id;
    },
    clear: function (id) {
      if (typeof id !== 'number' || live[id] !== true) return;
      delete live[id];
      I.hostClearTimer(id);
    },
  };`;
