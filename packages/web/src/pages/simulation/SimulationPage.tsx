import { useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import {
  type AgentSummary,
  type Chat,
  ORCHESTRATION_MODE_LABELS,
  type OrchestrationMode,
  type OrchestrationRunResult,
  type ToolsList,
} from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
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
      .catch((e) => setError(`Could not load chats: ${errorMessage(e)}`));
    api
      .get<{ agents: AgentSummary[] }>('/api/agents')
      .then((a) => setAgents(a.agents))
      .catch((e) => setError(`Could not load agents: ${errorMessage(e)}`));
    // which tools only read (they run for real in a simulation) and which write (simulated); optional
    Promise.all([
      api.get<ToolsList>('/api/tools').catch(() => ({ tools: [], builtin: [] })),
      api
        .get<{ tools?: Array<{ name: string; mode: 'read' | 'write' }> }>('/api/orchestration')
        .catch(() => ({ tools: [] })),
    ]).then(([list, profile]) =>
      setToolModes(
        new Map([...list.builtin, ...list.tools, ...(profile.tools ?? [])].map((t) => [t.name, t.mode])),
      ),
    );
    return () => controller.current?.abort();
  }, []);

  const run = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chat) {
      setError('Pick a chat to simulate against.');
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
      setError(`Simulation failed: ${errorMessage(e)}`);
    } finally {
      setRunning(false);
    }
  };

  const counts = result ? countTrace(result.trace.root) : null;

  return (
    <section>
      <h1>Simulation</h1>
      <p className="hint">
        Runs the orchestration against a chat without writing anything: read tools run for real, write tools
        run their simulate body or return a placeholder and are marked unvalidated.
      </p>
      <form className="panel sim-form" onSubmit={run} aria-label="Run a simulation">
        <label>
          Chat
          <select value={chat} onChange={(e) => setChat(e.target.value)} disabled={chats === null}>
            {chats?.length === 0 && <option value="">No chats yet</option>}
            {chats?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          What to run
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value={PROFILE}>Orchestration profile</option>
            {agents?.map((a) => (
              <option key={a.id} value={a.id}>
                Agent: {a.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Mode
          <select
            value={mode}
            onChange={(e) => setMode(e.target.value as '' | OrchestrationMode)}
            disabled={target !== PROFILE}
          >
            <option value="">Profile default</option>
            {Object.entries(ORCHESTRATION_MODE_LABELS).map(([m, label]) => (
              <option key={m} value={m}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary" disabled={running || !chat}>
          {running ? 'Simulating…' : 'Run simulation'}
        </button>
      </form>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {running && (
        <p className="banner info" role="status">
          Simulating… the agents are calling the model and running read tools.
        </p>
      )}
      {result && counts && (
        <section className="panel" aria-label="Simulation result">
          <h2>
            {result.trace.mode === 'agent'
              ? 'Agent run'
              : `${ORCHESTRATION_MODE_LABELS[result.trace.mode]} run`}{' '}
            <span className="hint">{formatMs(result.trace.durationMs)}</span>
          </h2>
          <p className="sim-summary">
            <span className="pill ok">
              {result.trace.simulate ? 'Simulated: nothing was written' : 'Real run'}
            </span>
            <span className="pill">
              {counts.agents} agent{counts.agents === 1 ? '' : 's'}
            </span>
            <span className="pill">
              {counts.rounds} round{counts.rounds === 1 ? '' : 's'}
            </span>
            <span className="pill">
              {counts.calls} call{counts.calls === 1 ? '' : 's'}
            </span>
            {counts.unvalidated > 0 && <span className="pill amber">{counts.unvalidated} unvalidated</span>}
            {counts.failed > 0 && <span className="pill danger">{counts.failed} failed</span>}
          </p>
          {result.error && (
            <p className="banner error" role="alert">
              The run stopped ({result.error.code}): {result.error.message}
            </p>
          )}
          <h3>What it would feed the reply</h3>
          <dl className="sim-outcome">
            <dt>Notes</dt>
            <dd>{result.outcome.notes || <span className="hint">none</span>}</dd>
            <dt>Forced world info</dt>
            <dd>
              {result.outcome.forcedEntries.length === 0 ? (
                <span className="hint">none</span>
              ) : (
                result.outcome.forcedEntries.map((r) => `${r.book ?? '*'}#${r.uid}`).join(', ')
              )}
            </dd>
            <dt>Variable writes (not applied)</dt>
            <dd>
              {result.outcome.variableWrites.length === 0 ? (
                <span className="hint">none</span>
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
              <h3>Agenda</h3>
              <ol className="sim-agenda" aria-label="Agenda">
                {result.trace.agenda.map((item) => (
                  <li key={item.id}>
                    <span
                      className={`pill ${item.status === 'done' ? 'ok' : item.status === 'open' ? '' : 'amber'}`}
                    >
                      {item.status}
                    </span>{' '}
                    {item.text}
                    {item.assignedTo && <span className="hint"> → {item.assignedTo}</span>}
                    {item.note && <div className="hint">{item.note}</div>}
                  </li>
                ))}
              </ol>
            </>
          )}
          <h3>Timeline</h3>
          <ToolModesContext.Provider value={toolModes}>
            <TraceNode node={result.trace.root} totalMs={result.trace.durationMs} />
          </ToolModesContext.Provider>
        </section>
      )}
    </section>
  );
}
