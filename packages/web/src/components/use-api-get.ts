import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';
import { errorMessage, request } from '../api/client';

export interface ApiGet<T> {
  /** null until the first answer arrives (and after a failed first load) */
  data: T | null;
  /** the server's message when loading failed */
  error: string | null;
  setError: Dispatch<SetStateAction<string | null>>;
  /** local edits (a saved item) without loading again */
  setData: Dispatch<SetStateAction<T | null>>;
  /** loads again (after a change elsewhere) */
  reload: () => void;
}

/**
 * GET `path` (the API's JSON) when the component mounts and whenever `path` changes. An answer for a path the
 * component has moved on from, or that arrives after unmount, is dropped (the request is aborted), so a slow
 * answer never overwrites a newer one. `path` null loads nothing.
 */
export function useApiGet<T>(path: string | null): ApiGet<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the reload trigger
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    request('GET', path, { signal: controller.signal })
      .then((response) => response.json() as Promise<T>)
      .then((value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(null);
      })
      .catch((e) => {
        if (!controller.signal.aborted) setError(errorMessage(e));
      });
    return () => controller.abort();
  }, [path, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, setError, setData, reload };
}
