import { useState } from 'react';
import { errorMessage } from '../api/client';
import { useApiGet } from './use-api-get';

/**
 * What a Chat Settings picker (persona, characters) shares: the list it picks from, loaded through useApiGet,
 * one error line for a failed load (worded by `loadFailed`) or a refused change (the server's message), and
 * `change`, which runs a change with the picker disabled until the server has answered.
 */
export function usePickList<T, Body>(
  path: string,
  select: (body: Body) => T[],
  loadFailed: (message: string) => string,
) {
  const loaded = useApiGet<T[], Body>(path, { select });
  const [changeError, setChangeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async (run: () => Promise<void>) => {
    setBusy(true);
    setChangeError(null);
    try {
      await run();
    } catch (e) {
      setChangeError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    items: loaded.data,
    error: changeError ?? (loaded.error && loadFailed(loaded.error)),
    dismissError: () => {
      setChangeError(null);
      loaded.setError(null);
    },
    busy,
    change,
  };
}
