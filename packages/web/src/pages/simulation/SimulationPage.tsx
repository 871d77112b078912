import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import {
  type AgentSummary,
  type Chat,
  ORCHESTRATION_MODE_LABELS,
  type OrchestrationMode,
  type OrchestrationProfile,
  type OrchestrationRunResult,
  type ToolsList,
} from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { i18n } from '../../i18n/i18n';
import { TraceNode } from './TraceTimeline';
import { ToolModesContext } from './tool-modes';
import { countTrace, formatMs, formatValue } from './trace-format';
import './simulation.css';

const PROFILE = 'profile';

/**
 * Simulation review: runs the orchestration profile (or one agent) over a real chat with `simulate: true` —
 * nothing is written — and shows the trace as a timeline of agents, rounds and calls.
 */
export function SimulationPage({ chatId }: { chatId: string | null }) {
  const { t } = useTranslation();
  const [chats, setChats] = useState<Chat[] | null>(null);
  const [agents, setAgents] = useState<AgentSummary[] | null>(null);
  const [chat, setChat] = useState(chatId ?? '');
  const [target, setTarget] = useState(PROFILE);
  const [mode, setMode] = useState<'' | OrchestrationMode>('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<OrchestrationRunResult | null>(null);
  const controller = useRef<AbortController | null>(null);
  const [toolModes, setToolModes] = useState<ReadonlyMap<string, 'read' | 'write'>>(new Map());

  useEffect(() => {
    api
      .get<{ chats: Chat[] }>('/api/chats')
      .then((a) => {
        setChats(a.chats);
        setChat((current) => current || a.chats[0]?.id || '');
      })
      .catch((e) => setError(i18n.t('simulation.loadFailed.chats', { message: errorMessage(e) })));
    api
      .get<{ agents: AgentSummary[] }>('/api/agents')
      .then((a) => setAgents(a.agents))
      .catch((e) => setError(i18n.t('simulation.loadFailed.agents', { message: errorMessage(e) })));
    // which tools only read (they run for real in a simulation) and which write (simulated); optional
    Promise.all([
      api.get<ToolsList>('/api/tools').catch(() => ({ tools: [], builtin: [] })),
      api.get<OrchestrationProfile>('/api/orchestration').catch(() => ({ tools: [] })),
    ]).then(([list, profile]) =>
      setToolModes(new Map([...list.builtin, ...list.tools, ...profile.tools].map((t) => [t.name, t.mode]))),
    );
    return () => controller.current?.abort();
  }, []);

  const run = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chat) {
      setError(t('simulation.pickChat'));
      return;
    }
    setRunning(true);
    setError(null);
    setResult(null);
    try {
      const answer =
        target === PROFILE
          ? await api.post<OrchestrationRunResult>('/api/orchestration/simulate', {
              chatId: chat,
              ...(mode ? { mode } : {}),
            })
          : await api.post<OrchestrationRunResult>(`/api/agents/${encodeURIComponent(target)}/run`, {
              chatId: chat,
              simulate: true,
            });
      setResult(answer);
    } catch (e) {
      setError(t('simulation.failed', { message: errorMessage(e) }));
    } finally {
      setRunning(false);
    }
  };

  const counts = result ? countTrace(result.trace.root) : null;

  return (
    <section>
      <h1>{t('simulation.title')}</h1>
      <p className="hint">{t('simulation.intro')}</p>
      <form className="panel sim-form" onSubmit={run} aria-label={t('simulation.form')}>
        <label>
          {t('simulation.chat')}
          <select value={chat} onChange={(e) => setChat(e.target.value)} disabled={chats === null}>
            {chats?.length === 0 && <option value="">{t('simulation.noChats')}</option>}
            {chats?.map((c) => (
              <option key={c.id} value={c.id} translate="no">
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('simulation.target')}
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value={PROFILE}>{t('simulation.profile')}</option>
            {agents?.map((a) => (
              <option key={a.id} value={a.id}>
                {t('simulation.agentOption', { name: a.name })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('simulation.mode')}
          <select
            value={mode}
            onChange={(e) => setMode(e.target.value as '' | OrchestrationMode)}
            disabled={target !== PROFILE}
          >
            <option value="">{t('chatSettings.orchestration.profileDefault')}</option>
            {Object.keys(ORCHESTRATION_MODE_LABELS).map((m) => (
              <option key={m} value={m}>
                {t(`chatSettings.orchestration.modes.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary" disabled={running || !chat}>
          {running ? t('simulation.simulating') : t('simulation.run')}
        </button>
      </form>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {running && (
        <p className="banner info" role="status">
          {t('simulation.running')}
        </p>
      )}
      {result && counts && (
        <section className="panel" aria-label={t('simulation.result')}>
          <h2>
            {result.trace.mode === 'agent'
              ? t('simulation.agentRun')
              : t('simulation.modeRun', {
                  mode: t(`chatSettings.orchestration.modes.${result.trace.mode}`),
                })}{' '}
            <span className="hint">{formatMs(result.trace.durationMs)}</span>
          </h2>
          <p className="sim-summary">
            <span className="pill ok">
              {result.trace.simulate ? t('simulation.simulated') : t('simulation.realRun')}
            </span>
            <span className="pill">{t('simulation.agents', { count: counts.agents })}</span>
            <span className="pill">{t('simulation.rounds', { count: counts.rounds })}</span>
            <span className="pill">{t('simulation.calls', { count: counts.calls })}</span>
            {counts.unvalidated > 0 && (
              <span className="pill amber">{t('simulation.unvalidated', { count: counts.unvalidated })}</span>
            )}
            {counts.failed > 0 && (
              <span className="pill danger">{t('simulation.failedCalls', { count: counts.failed })}</span>
            )}
          </p>
          {result.error && (
            <p className="banner error" role="alert">
              {t('simulation.stopped', { code: result.error.code, message: result.error.message })}
            </p>
          )}
          <h3>{t('simulation.feeds')}</h3>
          <dl className="sim-outcome">
            <dt>{t('simulation.notes')}</dt>
            <dd translate={result.outcome.notes ? 'no' : undefined}>
              {result.outcome.notes || <span className="hint">{t('simulation.none')}</span>}
            </dd>
            <dt>{t('simulation.forced')}</dt>
            <dd>
              {result.outcome.forcedEntries.length === 0 ? (
                <span className="hint">{t('simulation.none')}</span>
              ) : (
                result.outcome.forcedEntries.map((r) => `${r.book ?? '*'}#${r.uid}`).join(', ')
              )}
            </dd>
            <dt>{t('simulation.writes')}</dt>
            <dd>
              {result.outcome.variableWrites.length === 0 ? (
                <span className="hint">{t('simulation.none')}</span>
              ) : (
                <ul>
                  {result.outcome.variableWrites.map((w) => (
                    <li key={`${w.scope}:${w.name}`}>
                      {w.scope}.{w.name} = <code>{formatValue(w.value)}</code>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
          {result.trace.agenda && (
            <>
              <h3>{t('simulation.agenda')}</h3>
              <ol className="sim-agenda" aria-label={t('simulation.agenda')}>
                {result.trace.agenda.map((item) => (
                  <li key={item.id}>
                    <span
                      className={`pill ${item.status === 'done' ? 'ok' : item.status === 'open' ? '' : 'amber'}`}
                    >
                      {t(`simulation.status.${item.status}`)}
                    </span>{' '}
                    <span translate="no">{item.text}</span>
                    {item.assignedTo && (
                      <span className="hint" translate="no">
                        {' '}
                        → {item.assignedTo}
                      </span>
                    )}
                    {item.note && (
                      <div className="hint" translate="no">
                        {item.note}
                      </div>
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
          <h3>{t('simulation.timeline')}</h3>
          <ToolModesContext.Provider value={toolModes}>
            <TraceNode node={result.trace.root} totalMs={result.trace.durationMs} />
          </ToolModesContext.Provider>
        </section>
      )}
    </section>
  );
}
