import { useEffect, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { ErrorBanner } from '../../components/ErrorBanner';

/**
 * The global orchestration profile as JSON (docs/api.md, "Agents and orchestration"): mode, profile tools,
 * per-mode switches, the loop agent, the director and its sub-agents, limits. Every problem the server finds is
 * listed with its path.
 */
export function ProfileEditor() {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Array<{ field: string; message: string }>>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api
      .get<unknown>('/api/orchestration')
      .then((profile) => setText(JSON.stringify(profile, null, 2)))
      .catch((e) => setError(`Could not load the orchestration profile: ${errorMessage(e)}`));
  }, []);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (text === null) return;
    setError(null);
    setProblems([]);
    setStatus(null);
    let profile: unknown;
    try {
      profile = JSON.parse(text);
    } catch (e) {
      setError(`The profile is not valid JSON: ${errorMessage(e)}`);
      return;
    }
    setSaving(true);
    try {
      const saved = await api.put<unknown>('/api/orchestration', profile);
      setText(JSON.stringify(saved, null, 2));
      setStatus('Orchestration profile saved.');
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError) setProblems(e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="panel form-grid" noValidate onSubmit={save} aria-label="Orchestration profile">
      <h2>Orchestration profile</h2>
      <p className="hint wide">
        Loop: one agent runs a tool loop before the reply. Director: a main agent delegates to named
        sub-agents (each with its own tool overrides). Agents are written out or refer to a stored one as{' '}
        <code>{'{ "agentId": "…" }'}</code>.
      </p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {problems.length > 0 && (
        <ul className="error wide" aria-label="Profile problems">
          {problems.map((p) => (
            <li key={`${p.field}:${p.message}`}>
              <code>{p.field}</code>: {p.message}
            </li>
          ))}
        </ul>
      )}
      {status && (
        <p className="banner info wide" role="status">
          {status}
        </p>
      )}
      <label className="wide">
        Profile JSON
        <textarea
          rows={18}
          spellCheck={false}
          value={text ?? ''}
          disabled={text === null}
          onChange={(e) => {
            setText(e.target.value);
            setStatus(null);
          }}
        />
      </label>
      <div className="row end">
        <button type="submit" className="primary" disabled={saving || text === null}>
          {saving ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
