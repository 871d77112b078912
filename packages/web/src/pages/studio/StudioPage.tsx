import './studio.css';
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { Chat, Connection, StudioSession, StudioSessionSummary } from '../../api/types';
import { hrefFor, navigate } from '../../app/router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SessionView } from './SessionView';

/**
 * The AI Iteration Studio: state a goal for a chat's orchestration; an authoring agent (on any connection)
 * reads, dry-runs and proposes; every proposal is a review card the user accepts, edits or rejects.
 */
export function StudioPage({ sessionId }: { sessionId: string | null }) {
  const [sessions, setSessions] = useState<StudioSessionSummary[] | null>(null);
  const [chats, setChats] = useState<Chat[]>([]);
  const [connections, setConnections] = useState<Connection[]>([]);
  const [chatId, setChatId] = useState('');
  const [connectionId, setConnectionId] = useState('');
  const [goal, setGoal] = useState('');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<{ sessions: StudioSessionSummary[] }>('/api/studio/sessions')
      .then((a) => setSessions(a.sessions))
      .catch((e) => setError(`Could not load Studio sessions: ${errorMessage(e)}`));
    api
      .get<{ chats: Chat[] }>('/api/chats')
      .then((a) => {
        setChats(a.chats);
        setChatId((c) => c || a.chats[0]?.id || '');
      })
      .catch((e) => setError(`Could not load chats: ${errorMessage(e)}`));
    api
      .get<{ connections: Connection[] }>('/api/connections')
      .then((a) => {
        setConnections(a.connections);
        setConnectionId((c) => c || a.connections[0]?.id || '');
      })
      .catch((e) => setError(`Could not load connections: ${errorMessage(e)}`));
  }, []);

  const start = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setStarting(true);
    try {
      const session = await api.post<StudioSession>('/api/studio/sessions', { chatId, connectionId, goal });
      navigate({ page: 'studio', sessionId: session.id });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setStarting(false);
    }
  };

  if (sessionId) return <SessionView sessionId={sessionId} chats={chats} />;

  return (
    <section className="studio">
      <h1>Studio</h1>
      <p className="hint">
        Say what the orchestration of a chat should do better. An authoring agent reads the chat, the tools
        and the profile, tries tool bodies in a dry run and proposes changes. Nothing changes until you accept
        a proposal, and every acceptance can be undone.
      </p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <form className="panel form-grid" onSubmit={start} aria-label="New Studio session">
        <label>
          Chat
          <select value={chatId} onChange={(e) => setChatId(e.target.value)}>
            {chats.length === 0 && <option value="">No chats yet</option>}
            {chats.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Authoring agent’s connection
          <select value={connectionId} onChange={(e) => setConnectionId(e.target.value)}>
            {connections.length === 0 && <option value="">No connections yet</option>}
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="wide">
          Goal
          <textarea
            rows={3}
            value={goal}
            placeholder="e.g. make the director track the party's gold"
            onChange={(e) => setGoal(e.target.value)}
          />
        </label>
        <div className="row end">
          <button
            type="submit"
            className="primary"
            disabled={starting || !chatId || !connectionId || !goal.trim()}
          >
            {starting ? 'The authoring agent is working…' : 'Start'}
          </button>
        </div>
      </form>
      <h2>Sessions</h2>
      {sessions?.length === 0 && <p className="empty">No sessions yet.</p>}
      <ul className="card-list" aria-label="Studio sessions">
        {sessions?.map((s) => (
          <li key={s.id} className="panel">
            <a href={hrefFor({ page: 'studio', sessionId: s.id })}>{s.title}</a>{' '}
            <span className="hint">
              {chats.find((c) => c.id === s.chatId)?.title ?? 'deleted chat'} · {s.pending} pending
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
