import './profile.css';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, api, errorMessage } from '../../../api/client';
import type { CatalogTool, OrchestrationProfile } from '../../../api/types';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { EditorDataContext, useEditorData } from './editor-data';
import { ProfileForms } from './ProfileForms';
import { panelTools, parseProfileJson, profileJson, withDefaults } from './profile-model';

type Tab = 'forms' | 'json';

/**
 * The global orchestration profile (docs/api.md, "Agents and orchestration") as forms, with the JSON view as an
 * advanced tab. Both edit one draft: the JSON is written from the forms, and valid JSON is read back into them
 * as you type. Every problem the server finds on save is listed with its path.
 */
export function ProfileEditor({
  catalog,
  reservedNames: reserved,
}: {
  catalog: CatalogTool[];
  reservedNames: string[];
}) {
  const outer = useEditorData();
  const [profile, setProfile] = useState<OrchestrationProfile | null>(null);
  const [saved, setSaved] = useState<string>('');
  const [tab, setTab] = useState<Tab>('forms');
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Array<{ field: string; message: string }>>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api
      .get<OrchestrationProfile>('/api/orchestration')
      .then((p) => {
        const full = withDefaults(p);
        setProfile(full);
        setSaved(profileJson(full));
        setJsonText(profileJson(full));
      })
      .catch((e) => setError(`Could not load the orchestration profile: ${errorMessage(e)}`));
  }, []);

  // the profile's own tools join the panels and pickers (they shadow stored ones of the same name)
  const data = useMemo(
    () => ({ ...outer, tools: panelTools(catalog, profile?.tools ?? []) }),
    [outer, catalog, profile?.tools],
  );
  const reservedNames = useMemo(() => new Set(reserved), [reserved]);
  const catalogNames = useMemo(
    () => new Set(catalog.filter((t) => t.group === 'custom').map((t) => t.name)),
    [catalog],
  );

  const change = (next: OrchestrationProfile) => {
    setProfile(next);
    setJsonText(profileJson(next));
    setStatus(null);
  };
  const editJson = (text: string) => {
    setJsonText(text);
    setStatus(null);
    const read = parseProfileJson(text);
    if ('error' in read) setJsonError(read.error);
    else {
      setJsonError(null);
      setProfile(read.profile);
    }
  };
  const showTab = (next: Tab) => {
    if (next === 'json' && profile) setJsonText(profileJson(profile));
    // the forms can only show JSON that parses; until then the JSON tab stays
    if (next === 'forms' && jsonError) {
      setError(`The JSON view has a problem, so the forms cannot show it yet: ${jsonError}`);
      return;
    }
    setTab(next);
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!profile) return;
    setError(null);
    setProblems([]);
    setStatus(null);
    let body: unknown = profile;
    if (tab === 'json') {
      try {
        body = JSON.parse(jsonText);
      } catch (e) {
        setError(`The profile is not valid JSON: ${errorMessage(e)}`);
        return;
      }
    }
    setSaving(true);
    try {
      const stored = withDefaults(await api.put<OrchestrationProfile>('/api/orchestration', body));
      setProfile(stored);
      setSaved(profileJson(stored));
      setJsonText(profileJson(stored));
      setJsonError(null);
      setStatus('Orchestration profile saved.');
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError) setProblems(e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  const dirty = profile !== null && profileJson(profile) !== saved;

  return (
    <EditorDataContext.Provider value={data}>
      <form className="panel profile-editor" noValidate onSubmit={save} aria-label="Orchestration profile">
        <div className="spread">
          <h2>Orchestration profile</h2>
          <div className="row">
            <span className="hint" role="status" aria-live="polite">
              {dirty ? 'Unsaved changes' : status}
            </span>
            <button type="submit" className="primary" disabled={saving || profile === null}>
              {saving ? 'Saving…' : 'Save profile'}
            </button>
          </div>
        </div>
        <ErrorBanner error={error} onDismiss={() => setError(null)} />
        {problems.length > 0 && (
          <ul className="error" aria-label="Profile problems">
            {problems.map((p) => (
              <li key={`${p.field}:${p.message}`}>
                <code>{p.field}</code>: {p.message}
              </li>
            ))}
          </ul>
        )}
        <div role="tablist" aria-label="Profile view" className="profile-tabs">
          {(['forms', 'json'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              className={tab === t ? 'tab selected' : 'tab'}
              onClick={() => showTab(t)}
            >
              {t === 'forms' ? 'Forms' : 'JSON (advanced)'}
            </button>
          ))}
        </div>
        {profile === null ? (
          <p className="hint">Loading…</p>
        ) : tab === 'forms' ? (
          <ProfileForms
            profile={profile}
            onChange={change}
            reservedNames={reservedNames}
            catalogNames={catalogNames}
          />
        ) : (
          <label className="json-view">
            Profile JSON
            <textarea
              rows={24}
              spellCheck={false}
              value={jsonText}
              aria-invalid={jsonError !== null}
              onChange={(e) => editJson(e.target.value)}
            />
            {jsonError ? (
              <span className="error hint">{jsonError}</span>
            ) : (
              <span className="hint">
                The same profile as the forms. Agents are written out or refer to a stored one as{' '}
                <code>{'{ "agentId": "…" }'}</code>.
              </span>
            )}
          </label>
        )}
      </form>
    </EditorDataContext.Provider>
  );
}
