// Stops in-app navigation (hash changes: links, the back button, navigate()) and page unloads while a page has
// unsaved work. The hash router listens for `hashchange` without capture; this listener is a capturing one on
// the same target, so it runs first and can stop the router from ever seeing the change.
import { useEffect, useRef } from 'react';

let bypassNext = false;

/** Navigates even past an active guard (after the user chose Discard or the save succeeded). */
export function navigateUnguarded(hash: string): void {
  if (window.location.hash === hash) return;
  bypassNext = true;
  // Cleared after this one change, whether or not a guard was listening.
  window.addEventListener('hashchange', () => (bypassNext = false), { once: true });
  window.location.hash = hash;
}

/**
 * While `active`, a hash change is undone and `onBlocked(targetHash)` is called instead; closing or reloading
 * the tab asks the browser's own question.
 */
export function useLeaveGuard(active: boolean, onBlocked: (targetHash: string) => void): void {
  const blocked = useRef(onBlocked);
  blocked.current = onBlocked;

  useEffect(() => {
    if (!active) return;
    const onHashChange = (event: HashChangeEvent) => {
      if (bypassNext) return;
      event.stopImmediatePropagation();
      const target = new URL(event.newURL).hash || '#/';
      // Put the address back without a second hashchange; the router never saw the first.
      history.replaceState(history.state, '', event.oldURL);
      blocked.current(target);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('hashchange', onHashChange, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('hashchange', onHashChange, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);
}
