/**
 * Makes `controller` abort when any of `signals` does, until the returned function unlinks them. Used instead
 * of `AbortSignal.any([...])` with the server's long-lived shutdown signal: such a composite, and the
 * controller behind it, stayed reachable from the shutdown signal after the request ended (one per
 * generation), and listeners added to a signal that outlives the run must be removed when it ends.
 */
export function abortWhen(controller: AbortController, ...signals: AbortSignal[]): () => void {
  const links: Array<[AbortSignal, () => void]> = [];
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      continue;
    }
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    links.push([signal, onAbort]);
  }
  return () => {
    for (const [signal, onAbort] of links) signal.removeEventListener('abort', onAbort);
    links.length = 0;
  };
}
