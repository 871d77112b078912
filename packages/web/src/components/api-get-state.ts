/**
 * The state behind useApiGet, as a pure reducer (unit-tested without a DOM): what was loaded, whether a load
 * is running, and the last failure. A failed load keeps what was shown before (a list the user is reading
 * does not vanish because a refresh failed); a new load clears the old failure, so "Retry" shows "Loading…".
 */
export interface ApiGetState<T> {
  /** null until the first answer arrives (and after a failed first load) */
  data: T | null;
  /** the server's message when the last load failed (or what the page put there with setError) */
  error: string | null;
  /** a load is running */
  loading: boolean;
}

/** What `useState`'s setter accepts: a value or a function of the current one. */
export type Update<V> = V | ((current: V) => V);

export type ApiGetAction<T> =
  | { type: 'start' }
  | { type: 'loaded'; data: T }
  | { type: 'failed'; error: string }
  | { type: 'mutate'; update: Update<T | null> }
  | { type: 'setError'; update: Update<string | null> };

export function initialApiGetState<T>(loading: boolean): ApiGetState<T> {
  return { data: null, error: null, loading };
}

function apply<V>(update: Update<V>, current: V): V {
  return typeof update === 'function' ? (update as (current: V) => V)(current) : update;
}

export function apiGetReducer<T>(state: ApiGetState<T>, action: ApiGetAction<T>): ApiGetState<T> {
  switch (action.type) {
    case 'start':
      return { ...state, loading: true, error: null };
    case 'loaded':
      return { data: action.data, error: null, loading: false };
    case 'failed':
      return { ...state, error: action.error, loading: false };
    case 'mutate':
      return { ...state, data: apply(action.update, state.data) };
    case 'setError':
      return { ...state, error: apply(action.update, state.error) };
  }
}

/** A saved item replaces its old copy in place (same id) or joins the end of the list. */
export function upsertById<T extends { id: string }>(list: T[] | null, item: T): T[] {
  const all = list ?? [];
  return all.some((i) => i.id === item.id) ? all.map((i) => (i.id === item.id ? item : i)) : [...all, item];
}
