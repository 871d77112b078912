// Stops in-app navigation (hash changes: links, the back button, navigate()) and page unloads while a page has
// unsaved work. The one hashchange listener is added when this module loads — before the hash router's own
// listener, which is added in an effect after the first render — so it always runs first and can stop the
// router from ever seeing a blocked change.
import { useEffect, useRef } from 'react';

type BlockedHandler = (targetHash: string) => void;

let activeGuard: BlockedHandler | null = null;
let bypassNext = false;

function onHashChange(event: HashChangeEvent): void {
  if (bypassNext) {
    bypassNext = false;
    return;
  }
  if (!activeGuard) return;
  event.stopImmediatePropagation();
  const target = new URL(event.newURL).hash || '#/';
  // Put the address back without a second hashchange; the router never saw the first.
  history.replaceState(history.state, '', event.oldURL);
  activeGuard(target);
}

if (typeof window !== 'undefined') window.addEventListener('hashchange', onHashChange, true);

/** Navigates even past an active guard (after the user chose Discard or the save succeeded). */
export function navigateUnguarded(hash: string): void {
  if (window.location.hash === hash) return;
  bypassNext = true;
  window.location.hash = hash;
}

/**
 * While `active`, a hash change is undone and `onBlocked(targetHash)` is called instead; closing or reloading
 * the tab asks the browser's own question.
 */
export function useLeaveGuard(active: boolean, onBlocked: BlockedHandler): void {
  const blocked = useRef(onBlocked);
  blocked.current = onBlocked;

  useEffect(() => {
    if (!active) return;
    const guard: BlockedHandler = (target) => blocked.current(target);
    activeGuard = guard;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      if (activeGuard === guard) activeGuard = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);
}
