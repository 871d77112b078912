import { describe, expect, it } from 'vitest';
import { type ApiGetState, apiGetReducer, initialApiGetState, upsertById } from './api-get-state';

type Item = { id: string; name: string };
const a = { id: 'a', name: 'Ayla' };
const b = { id: 'b', name: 'Bram' };

describe('apiGetReducer', () => {
  it('starts loading only when there is something to load', () => {
    expect(initialApiGetState(true)).toEqual({ data: null, error: null, loading: true });
    expect(initialApiGetState(false)).toEqual({ data: null, error: null, loading: false });
  });

  it('keeps what a load answered and ends loading', () => {
    const state = apiGetReducer<Item[]>(initialApiGetState(true), { type: 'loaded', data: [a] });
    expect(state).toEqual({ data: [a], error: null, loading: false });
  });

  it('a failed reload keeps the list shown before and says why', () => {
    const shown: ApiGetState<Item[]> = { data: [a], error: null, loading: false };
    const started = apiGetReducer(shown, { type: 'start' });
    expect(started).toEqual({ data: [a], error: null, loading: true });
    expect(apiGetReducer(started, { type: 'failed', error: 'The server answered 500.' })).toEqual({
      data: [a],
      error: 'The server answered 500.',
      loading: false,
    });
  });

  it('a new load (Retry) clears the old failure, and its answer replaces the data', () => {
    const failed: ApiGetState<Item[]> = { data: null, error: 'offline', loading: false };
    const retried = apiGetReducer(failed, { type: 'start' });
    expect(retried.error).toBeNull();
    expect(retried.loading).toBe(true);
    expect(apiGetReducer(retried, { type: 'loaded', data: [b] }).data).toEqual([b]);
  });

  it('mutate takes a value or a function of the current data, and leaves loading and error alone', () => {
    const state: ApiGetState<Item[]> = { data: [a], error: 'stale', loading: true };
    const added = apiGetReducer(state, { type: 'mutate', update: (list) => [...(list ?? []), b] });
    expect(added).toEqual({ data: [a, b], error: 'stale', loading: true });
    expect(apiGetReducer(added, { type: 'mutate', update: null }).data).toBeNull();
  });

  it('setError takes a value or a function of the current error', () => {
    const state: ApiGetState<Item[]> = { data: null, error: 'first', loading: false };
    expect(apiGetReducer<Item[]>(state, { type: 'setError', update: (e) => `${e}; second` }).error).toBe(
      'first; second',
    );
    expect(apiGetReducer(state, { type: 'setError', update: null }).error).toBeNull();
  });
});

describe('upsertById', () => {
  it('replaces a saved item in place and keeps the order', () => {
    const renamed = { id: 'a', name: 'Ayla the Keeper' };
    expect(upsertById([a, b], renamed)).toEqual([renamed, b]);
  });

  it('adds a new item at the end, also to a list not loaded yet', () => {
    expect(upsertById([a], b)).toEqual([a, b]);
    expect(upsertById(null, a)).toEqual([a]);
  });
});
