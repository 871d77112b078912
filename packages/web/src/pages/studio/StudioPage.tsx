import './studio.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Chat, Connection, StudioSession, StudioSessionSummary } from '../../api/types';
import { hrefFor, navigate } from '../../app/router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { i18n } from '../../i18n/i18n';
import { SessionView } from './SessionView';

/**
 * The AI Iteration Studio: state a goal for a chat's orchestration; an authoring agent (on any connection)
 * reads, dry-runs and proposes; every proposal is a review card the user accepts, edits or rejects.
 */
export function StudioPage({ sessionId }: { sessionId: string | null }) {
  const { t } = useTranslation();
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
      .catch((e) => setError(i18n.t('studio.loadFailed.sessions', { message: errorMessage(e) })));
    api
      .get<{ chats: Chat[] }>('/api/chats')
      .then((a) => {
        setChats(a.chats);
        setChatId((c) => c || a.chats[0]?.id || '');
      })
      .catch((e) => setError(i18n.t('studio.loadFailed.chats', { message: errorMessage(e) })));
    api
      .get<{ connections: Connection[] }>('/api/connections')
      .then((a) => {
        setConnections(a.connections);
        setConnectionId((c) => c || a.connections[0]?.id || '');
      })
      .catch((e) => setError(i18n.t('studio.loadFailed.connections', { message: errorMessage(e) })));
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
      <h1>{t('studio.title')}</h1>
      <p className="hint">{t('studio.intro')}</p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <form className="panel form-grid" onSubmit={start} aria-label={t('studio.newSession')}>
        <label>
          {t('studio.chat')}
          <select value={chatId} onChange={(e) => setChatId(e.target.value)}>
            {chats.length === 0 && <option value="">{t('studio.noChats')}</option>}
            {chats.map((c) => (
              <option key={c.id} value={c.id} translate="no">
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('studio.connection')}
          <select value={connectionId} onChange={(e) => setConnectionId(e.target.value)}>
            {connections.length === 0 && <option value="">{t('studio.noConnections')}</option>}
            {connections.map((c) => (
              <option key={c.id} value={c.id} translate="no">
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="wide">
          {t('studio.goal')}
          <textarea
            rows={3}
            value={goal}
            placeholder={t('studio.goalPlaceholder')}
            onChange={(e) => setGoal(e.target.value)}
          />
        </label>
        <div className="row end">
          <button
            type="submit"
            className="primary"
            disabled={starting || !chatId || !connectionId || !goal.trim()}
          >
            {starting ? t('studio.working') : t('studio.start')}
          </button>
        </div>
      </form>
      <h2>{t('studio.sessions')}</h2>
      {sessions?.length === 0 && <p className="empty">{t('studio.noSessions')}</p>}
      <ul className="card-list" aria-label={t('studio.sessionList')}>
        {sessions?.map((s) => (
          <li key={s.id} className="panel">
            <a href={hrefFor({ page: 'studio', sessionId: s.id })} translate="no">
              {s.title}
            </a>{' '}
            <span className="hint">
              {(() => {
                const title = chats.find((c) => c.id === s.chatId)?.title;
                return title ? <span translate="no">{title}</span> : t('studio.deletedChat');
              })()} · {t('studio.pending', { count: s.pending })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
