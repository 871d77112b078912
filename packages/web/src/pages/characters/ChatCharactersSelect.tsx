import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { Character } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';

/** Chat Settings › Characters: one character, or several for a group chat. */
export function ChatCharactersSelect({
  characterIds,
  onChange,
}: {
  characterIds: string[];
  onChange: (characterIds: string[]) => Promise<void>;
}) {
  const [characters, setCharacters] = useState<Character[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<{ characters: Character[] }>('/api/characters')
      .then((a) => setCharacters(a.characters))
      .catch((e) => setError(`Could not load characters: ${errorMessage(e)}`));
  }, []);

  const toggle = async (id: string, on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await onChange(on ? [...characterIds, id] : characterIds.filter((x) => x !== id));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {characters?.length === 0 ? (
        <p className="hint">
          No characters yet. <a href="#/characters">Create or import one</a>.
        </p>
      ) : (
        <fieldset className="field">
          <legend>Characters in this chat</legend>
          {characters === null && !error && <span className="hint">Loading…</span>}
          {characters?.map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={characterIds.includes(c.id)}
                disabled={busy}
                onChange={(e) => void toggle(c.id, e.target.checked)}
              />
              {c.name}
            </label>
          ))}
          {characterIds.length > 1 && (
            <span className="hint">A group chat: every checked character takes part.</span>
          )}
        </fieldset>
      )}
    </>
  );
}
