import './profile.css';
import { useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError, api, errorMessage } from '../../../api/client';
import type { CatalogTool, OrchestrationProfile } from '../../../api/types';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { i18n } from '../../../i18n/i18n';
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
  const { t } = useTranslation();
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
      .catch((e) => setError(i18n.t('agents.profile.loadFailed', { message: errorMessage(e) })));
  }, []);

  // the profile's own tools join the panels and pickers (they shadow stored ones of the same name)
  const data = useMemo(
    () => ({ ...outer, tools: panelTools(catalog, profile?.tools ?? []) }),
    [outer, catalog, profile?.tools],
  );
  const reservedNames = useMemo(() => new Set(reserved), [reserved]);
  const catalogNames = useMemo(
    () => new Set(catalog.filter((tool) => tool.group === 'custom').map((tool) => tool.name)),
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
      setError(i18n.t('agents.profile.jsonProblem', { problem: jsonError }));
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
        setError(i18n.t('agents.profile.invalidJson', { message: errorMessage(e) }));
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
      setStatus(i18n.t('agents.profile.saved'));
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
      <form
        className="panel profile-editor"
        noValidate
        onSubmit={save}
        aria-label={t('agents.profile.title')}
      >
        <div className="spread">
          <h2>{t('agents.profile.title')}</h2>
          <div className="row">
            <span className="hint" role="status" aria-live="polite">
              {dirty ? t('agents.profile.unsaved') : status}
            </span>
            <button type="submit" className="primary" disabled={saving || profile === null}>
              {saving ? t('agents.profile.saving') : t('agents.profile.save')}
            </button>
          </div>
        </div>
        <ErrorBanner error={error} onDismiss={() => setError(null)} />
        {problems.length > 0 && (
          <ul className="error" aria-label={t('agents.profile.problems')}>
            {problems.map((p) => (
              <li key={`${p.field}:${p.message}`}>
                <code>{p.field}</code>: {p.message}
              </li>
            ))}
          </ul>
        )}
        <div role="tablist" aria-label={t('agents.profile.view')} className="profile-tabs">
          {(['forms', 'json'] as const).map((view) => (
            <button
              key={view}
              type="button"
              role="tab"
              aria-selected={tab === view}
              className={tab === view ? 'tab selected' : 'tab'}
              onClick={() => showTab(view)}
            >
              {view === 'forms' ? t('agents.profile.forms') : t('agents.profile.json')}
            </button>
          ))}
        </div>
        {profile === null ? (
          <p className="hint">{t('common.loading')}</p>
        ) : tab === 'forms' ? (
          <ProfileForms
            profile={profile}
            onChange={change}
            reservedNames={reservedNames}
            catalogNames={catalogNames}
          />
        ) : (
          <label className="json-view">
            {t('agents.profile.jsonLabel')}
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
                <Trans
                  i18nKey="agents.profile.jsonHint"
                  values={{ example: '{ "agentId": "…" }' }}
                  components={{ code: <code /> }}
                />
              </span>
            )}
          </label>
        )}
      </form>
    </EditorDataContext.Provider>
  );
}
