import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Chat, StudioAcceptAnswer, StudioSession } from '../../api/types';
import { hrefFor } from '../../app/router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ComparePanel } from './ComparePanel';
import { HistoryPanel } from './HistoryPanel';
import { ProposalCard } from './ProposalCard';

/** One Studio session: the conversation with the authoring agent, its review cards, undo and comparison. */
export function SessionView({ sessionId, chats }: { sessionId: string; chats: Chat[] }) {
  const { t } = useTranslation();
  const [session, setSession] = useState<StudioSession | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<{ historyId: string; what: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const base = `/api/studio/sessions/${encodeURIComponent(sessionId)}`;

  useEffect(() => {
    api
      .get<StudioSession>(base)
      .then(setSession)
      .catch((e) => setError(errorMessage(e)));
  }, [base]);

  const act = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }, []);

  const accepted = (answer: StudioAcceptAnswer, what: string) => {
    setSession(answer.session);
    setApplied({ historyId: answer.historyId, what });
    setNotice(null);
    setHistoryKey((k) => k + 1);
  };

  const undo = (historyId: string, what: string) =>
    act(async () => {
      await api.post(`/api/orchestration/history/${encodeURIComponent(historyId)}/restore`, {});
      // cards accepted in the undone changes are pending again
      setSession(await api.get<StudioSession>(base));
      setApplied(null);
      setNotice(t('studio.session.undone', { what }));
      setHistoryKey((k) => k + 1);
    });

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    void act(async () => {
      setSession(await api.post<StudioSession>(`${base}/messages`, { content: message }));
      setMessage('');
    });
  };

  if (!session) return error ? <ErrorBanner error={error} /> : <p className="hint">{t('common.loading')}</p>;
  const pending = session.proposals.filter((p) => p.status === 'pending');
  const chat = chats.find((c) => c.id === session.chatId);

  return (
    <section className="studio">
      <div className="spread">
        <h1>{t('studio.session.title', { title: session.title })}</h1>
        <a className="button" href={hrefFor({ page: 'studio', sessionId: null })}>
          {t('studio.session.all')}
        </a>
      </div>
      <p className="hint">{t('studio.session.chat', { title: chat?.title ?? session.chatId })}</p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {applied && (
        <div className="banner info" role="status">
          <span>{t('studio.session.applied', { what: applied.what })}</span>
          <button type="button" onClick={() => void undo(applied.historyId, applied.what)} disabled={busy}>
            {t('studio.session.undo')}
          </button>
        </div>
      )}
      {notice && (
        <p className="banner info" role="status">
          {notice}
        </p>
      )}
      <ol className="studio-conversation" aria-label={t('studio.session.conversation')}>
        {session.messages.map((m) => (
          <li key={m.at + m.role} className={`studio-message ${m.role}`}>
            <div className="sim-label">
              {m.role === 'user' ? t('studio.session.you') : t('studio.session.agent')}
            </div>
            {m.content && <p translate="no">{m.content}</p>}
            {m.error && (
              <p className="error" role="alert">
                {t('studio.session.stopped', { code: m.error.code, message: m.error.message })}
              </p>
            )}
            {m.calls && m.calls.length > 0 && (
              <details>
                <summary>{t('studio.session.toolCalls', { count: m.calls.length })}</summary>
                <ul className="studio-calls">
                  {m.calls.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the calls of a finished turn never reorder
                    <li key={i} className={c.ok ? '' : 'error'}>
                      <code>{c.name}</code> <span translate="no">{c.summary}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ol>
      <form className="studio-reply" onSubmit={send} aria-label={t('studio.session.reply')}>
        <textarea
          rows={2}
          value={message}
          aria-label={t('studio.session.message')}
          placeholder={t('studio.session.messagePlaceholder')}
          onChange={(e) => setMessage(e.target.value)}
        />
        <button type="submit" className="primary" disabled={busy || !message.trim()}>
          {busy ? t('studio.session.sending') : t('studio.session.send')}
        </button>
      </form>

      <div className="spread">
        <h2>{t('studio.session.proposals')}</h2>
        <button
          type="button"
          className="primary"
          disabled={busy || pending.length === 0}
          onClick={() =>
            void act(async () =>
              accepted(
                await api.post<StudioAcceptAnswer>(`${base}/accept-all`, {}),
                t('studio.session.proposalCount', { count: pending.length }),
              ),
            )
          }
        >
          {t('studio.session.acceptAll', { count: pending.length })}
        </button>
      </div>
      {session.proposals.length === 0 && <p className="empty">{t('studio.session.noProposals')}</p>}
      <ul className="card-list" aria-label={t('studio.session.proposals')}>
        {session.proposals.map((p) => (
          <ProposalCard
            key={p.id}
            proposal={p}
            busy={busy}
            onAccept={() =>
              void act(async () =>
                accepted(await api.post<StudioAcceptAnswer>(`${base}/proposals/${p.id}/accept`, {}), p.title),
              )
            }
            onReject={() =>
              void act(async () =>
                setSession(await api.post<StudioSession>(`${base}/proposals/${p.id}/reject`, {})),
              )
            }
            onEdit={async (change) => {
              await api.patch(`${base}/proposals/${p.id}`, { change });
              setSession(await api.get<StudioSession>(base));
            }}
          />
        ))}
      </ul>
      <ComparePanel base={base} pending={pending.length} />
      <HistoryPanel refreshKey={historyKey} busy={busy} onRestore={(id, what) => void undo(id, what)} />
    </section>
  );
}
