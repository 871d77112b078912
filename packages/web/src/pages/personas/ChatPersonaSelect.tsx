import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { Persona } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';

/** Chat Settings › Persona: who the user plays in this chat. */
export function ChatPersonaSelect({
  personaId,
  onChange,
}: {
  personaId: string | null;
  onChange: (personaId: string | null) => Promise<void>;
}) {
  const [personas, setPersonas] = useState<Persona[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<{ personas: Persona[] }>('/api/personas')
      .then((a) => setPersonas(a.personas))
      .catch((e) => setError(`Could not load personas: ${errorMessage(e)}`));
  }, []);

  const change = async (id: string | null) => {
    setBusy(true);
    setError(null);
    try {
      await onChange(id);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <label>
        Persona
        <select
          value={personaId ?? ''}
          disabled={busy || personas === null}
          onChange={(e) => void change(e.target.value || null)}
        >
          <option value="">No persona</option>
          {personaId && personas && !personas.some((p) => p.id === personaId) && (
            <option value={personaId}>(current persona)</option>
          )}
          {personas?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {personas?.length === 0 && (
        <p className="hint">
          No personas yet. <a href="#/personas">Create one</a>.
        </p>
      )}
    </>
  );
}
