import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { Tool } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';

const KIND_LABELS: Record<string, string> = { static: 'Static', webhook: 'Webhook', script: 'Script' };

/** The character's own tools (imported with its card): each with its on/off switch. */
export function CharacterTools({ characterId, name }: { characterId: string; name: string }) {
  const base = `/api/characters/${encodeURIComponent(characterId)}/tools`;
  const [tools, setTools] = useState<Tool[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<{ tools: Tool[] }>(base)
      .then((a) => setTools(a.tools))
      .catch((e) => setError(`Could not load the character's tools: ${errorMessage(e)}`));
  }, [base]);

  const setEnabled = async (tool: Tool, enabled: boolean) => {
    setError(null);
    try {
      const updated = await api.patch<Tool>(`${base}/${encodeURIComponent(tool.id)}`, { enabled });
      setTools((list) => list?.map((t) => (t.id === tool.id ? updated : t)) ?? null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section className="character-tools" aria-label={`Tools of ${name}`}>
      <h3>Character tools</h3>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {tools?.length === 0 && <p className="hint">This character carries no tools.</p>}
      {tools && tools.length > 0 && (
        <ul className="card-list">
          {tools.map((tool) => (
            <li key={tool.id} className="spread character-tool" aria-label={tool.name}>
              <span className="row">
                <strong>{tool.name}</strong>
                <span className="pill">{KIND_LABELS[tool.kind] ?? tool.kind}</span>
                <span className="pill">{tool.mode === 'write' ? 'Write' : 'Read'}</span>
                {!tool.enabled && <span className="pill amber">Disabled</span>}
              </span>
              <Switch
                label={`${tool.name} enabled`}
                checked={tool.enabled}
                onChange={(on) => void setEnabled(tool, on)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
