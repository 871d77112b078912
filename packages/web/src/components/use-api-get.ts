import { type Dispatch, type SetStateAction, useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessage, request } from '../api/client';
import { apiGetReducer, initialApiGetState } from './api-get-state';

export interface ApiGet<T> {
  /** null until the first answer arrives (and after a failed first load) */
  data: T | null;
  /** the server's message when loading failed */
  error: string | null;
  /** a load is running (the first one or a reload) */
  loading: boolean;
  setError: Dispatch<SetStateAction<string | null>>;
  /** local edits (a saved item, a deleted one) without loading again */
  mutate: Dispatch<SetStateAction<T | null>>;
  /** loads again (after a change elsewhere); resolves when that load has finished, failed or been superseded */
  reload: () => Promise<void>;
}

export interface ApiGetOptions<T, Body> {
  /** what the component keeps from the answer: `(a) => a.presets` */
  select?: (body: Body) => T;
  /** also told about a failed load (a page that shows one banner for several loads) */
  onError?: (message: string) => void;
}

/**
 * GET `path` (the API's JSON) when the component mounts and whenever `path` changes. A load started later wins: an earlier one still
 * running is aborted, and so is one running at unmount, so a slow answer never overwrites a newer one.
 * `path` null loads nothing.
 */
export function useApiGet<T, Body = T>(path: string | null, options: ApiGetOptions<T, Body> = {}): ApiGet<T> {
  const [state, dispatch] = useReducer(apiGetReducer<T>, path !== null, initialApiGetState<T>);
  // the latest options, read when an answer arrives (inline functions need not be stable)
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const running = useRef<AbortController | null>(null);

  const load = useCallback(async (from: string) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    dispatch({ type: 'start' });
    try {
      const body = (await (await request('GET', from, { signal: controller.signal })).json()) as Body;
      if (controller.signal.aborted) return;
      const { select } = optionsRef.current;
      dispatch({ type: 'loaded', data: select ? select(body) : (body as unknown as T) });
    } catch (e) {
      if (controller.signal.aborted) return;
      const message = errorMessage(e);
      dispatch({ type: 'failed', error: message });
      optionsRef.current.onError?.(message);
    }
  }, []);

  useEffect(() => {
    if (path === null) return;
    void load(path);
    return () => running.current?.abort();
  }, [path, load]);

  const reload = useCallback(() => (path === null ? Promise.resolve() : load(path)), [path, load]);
  const mutate = useCallback<Dispatch<SetStateAction<T | null>>>(
    (update) => dispatch({ type: 'mutate', update }),
    [],
  );
  const setError = useCallback<Dispatch<SetStateAction<string | null>>>(
    (update) => dispatch({ type: 'setError', update }),
    [],
  );
  return { ...state, setError, mutate, reload };
}
