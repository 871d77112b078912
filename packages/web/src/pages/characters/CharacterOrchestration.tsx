import '../agents/profile/profile.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, errorMessage } from '../../api/client';
import type {
  Agent,
  CatalogTool,
  CharacterOverrideAnswer,
  Connection,
  OrchestrationProfile,
  Preset,
} from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { EditorDataContext } from '../agents/profile/editor-data';
import { ProfileForms } from '../agents/profile/ProfileForms';
import { panelTools, withDefaults } from '../agents/profile/profile-model';
import { modeAgentNames, overrideFrom, writeOutAgents } from './override-model';

/**
 * "Orchestration for this character": inherit the global profile, or override it with the profile editor's
 * forms. Saves the differences from the global profile (docs/api.md, "Character override") and shows what a
 * chat with this character runs.
 */
export function CharacterOrchestration({ characterId }: { characterId: string }) {
  const { t } = useTranslation();
  const url = `/api/characters/${encodeURIComponent(characterId)}/orchestration`;
  const [global, setGlobal] = useState<OrchestrationProfile | null>(null);
  const [answer, setAnswer] = useState<CharacterOverrideAnswer | null>(null);
  const [choice, setChoice] = useState<'inherit' | 'override'>('inherit');
  const [draft, setDraft] = useState<OrchestrationProfile | null>(null);
  const [agents, setAgents] = useState<Agent[]>([]);
  const [connections, setConnections] = useState<Connection[]>([]);
  const [presets, setPresets] = useState<Preset[]>([]);
  const [catalog, setCatalog] = useState<{ tools: CatalogTool[]; reservedNames: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Array<{ field: string; message: string }>>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const fail = (e: unknown) =>
      setError(t('characterOrchestration.loadFailed', { message: errorMessage(e) }));
    Promise.all([api.get<OrchestrationProfile>('/api/orchestration'), api.get<CharacterOverrideAnswer>(url)])
      .then(([g, a]) => {
        setGlobal(withDefaults(g));
        setAnswer(a);
        setChoice(a.override ? 'override' : 'inherit');
        setDraft(withDefaults(a.profile));
      })
      .catch(fail);
    api
      .get<{ agents: Agent[] }>('/api/agents')
      .then((a) => setAgents(a.agents))
      .catch(fail);
    api
      .get<{ connections: Connection[] }>('/api/connections')
      .then((a) => setConnections(a.connections))
      .catch(fail);
    api
      .get<{ presets: Preset[] }>('/api/presets')
      .then((a) => setPresets(a.presets))
      .catch(fail);
    api
      .get<{ tools: CatalogTool[]; reservedNames: string[] }>('/api/orchestration/tools')
      .then(setCatalog)
      .catch(fail);
  }, [url, t]);

  const data = useMemo(
    () => ({
      tools: panelTools(catalog?.tools ?? [], draft?.tools ?? []),
      agents,
      connections,
      presets,
      toolUseOffChats: [],
    }),
    [catalog, draft?.tools, agents, connections, presets],
  );
  const reservedNames = useMemo(() => new Set(catalog?.reservedNames ?? []), [catalog]);
  const catalogNames = useMemo(
    () => new Set((catalog?.tools ?? []).filter((x) => x.group === 'custom').map((x) => x.name)),
    [catalog],
  );

  const put = async (override: Record<string, unknown> | null, done: string) => {
    setError(null);
    setProblems([]);
    setStatus(null);
    setSaving(true);
    try {
      const next = await api.put<CharacterOverrideAnswer>(url, { override });
      setAnswer(next);
      setChoice(next.override ? 'override' : 'inherit');
      setDraft(withDefaults(next.profile));
      setStatus(done);
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError) setProblems(e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  const save = () => {
    if (!global || !draft) return;
    if (choice === 'inherit') return put(null, t('characterOrchestration.inheriting'));
    const override = writeOutAgents(overrideFrom(global, draft), { agents, connections, presets });
    return put(override, t('characterOrchestration.saved'));
  };

  const fieldProblem = (field: string) =>
    problems
      .filter((p) => p.field === field)
      .map((p) => (
        <span key={p.message} className="error hint">
          {p.message}
        </span>
      ));
  const otherProblems = problems.filter((p) => p.field !== 'override');
  const effective = answer ? withDefaults(answer.profile) : null;

  return (
    <section className="character-orchestration" aria-label={t('characterOrchestration.title')}>
      <div className="spread">
        <h3>{t('characterOrchestration.title')}</h3>
        <span className="hint" role="status" aria-live="polite">
          {status}
        </span>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <fieldset className="row" aria-label={t('characterOrchestration.choice')}>
        <label>
          <input
            type="radio"
            name={`orchestration-choice-${characterId}`}
            checked={choice === 'inherit'}
            onChange={() => setChoice('inherit')}
          />
          {t('characterOrchestration.inherit')}
        </label>
        <label>
          <input
            type="radio"
            name={`orchestration-choice-${characterId}`}
            checked={choice === 'override'}
            onChange={() => setChoice('override')}
            aria-invalid={problems.some((p) => p.field === 'override') || undefined}
          />
          {t('characterOrchestration.override')}
        </label>
        {fieldProblem('override')}
      </fieldset>
      <p className="hint">
        {choice === 'inherit'
          ? t('characterOrchestration.inheritHint')
          : t('characterOrchestration.overrideHint')}
      </p>
      {effective && (
        <section className="effective-orchestration" aria-label={t('characterOrchestration.effective')}>
          <strong>{t('characterOrchestration.effective')}</strong>{' '}
          {t(answer?.override ? 'characterOrchestration.fromOverride' : 'characterOrchestration.fromGlobal', {
            mode: t(`chatSettings.orchestration.modes.${effective.mode}`),
            agents: modeAgentNames(effective, agents).join(', ') || '—',
          })}
          {answer?.override && (
            <span className="hint">
              {' '}
              {t('characterOrchestration.overrides', { keys: Object.keys(answer.override).join(', ') })}
            </span>
          )}
        </section>
      )}
      {otherProblems.length > 0 && (
        <ul className="error" aria-label={t('characterOrchestration.problems')}>
          {otherProblems.map((p) => (
            <li key={`${p.field}:${p.message}`}>
              <code>{p.field}</code>: {p.message}
            </li>
          ))}
        </ul>
      )}
      {choice === 'override' && draft && (
        <EditorDataContext.Provider value={data}>
          <div className="profile-editor">
            <ProfileForms
              profile={draft}
              onChange={(next) => {
                setDraft(next);
                setStatus(null);
              }}
              reservedNames={reservedNames}
              catalogNames={catalogNames}
            />
          </div>
        </EditorDataContext.Provider>
      )}
      <div className="row end">
        {answer?.override && (
          <button
            type="button"
            disabled={saving}
            onClick={() => put(null, t('characterOrchestration.inheriting'))}
          >
            {t('characterOrchestration.reset')}
          </button>
        )}
        <button type="button" className="primary" disabled={saving || !draft} onClick={save}>
          {saving ? t('characterOrchestration.saving') : t('characterOrchestration.save')}
        </button>
      </div>
    </section>
  );
}
