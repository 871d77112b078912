import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import { startChat } from '../../api/start-chat';
import type { Chat } from '../../api/types';
import { hrefFor, navigate } from '../../app/router';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import './chats.css';

function when(iso: string | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The chat list: create, open, rename and delete chats. */
export function ChatsPage() {
  const { t, i18n } = useTranslation();
  const [chats, setChats] = useState<Chat[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<{ chats: Chat[] }>('/api/chats')
      .then((a) => setChats(a.chats))
      .catch((e) => setError(errorMessage(e)));
  }, []);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setCreating(true);
    setError(null);
    try {
      const chat = await startChat({ title: title.trim() || undefined });
      setTitle('');
      navigate({ page: 'chat', id: chat.id });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setCreating(false);
    }
  };

  const rename = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    try {
      const updated = await api.patch<Chat>(`/api/chats/${encodeURIComponent(renaming.id)}`, {
        title: renaming.title.trim() || 'New chat',
      });
      setChats((list) => list?.map((c) => (c.id === updated.id ? updated : c)) ?? null);
      setRenaming(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.del(`/api/chats/${encodeURIComponent(deleting.id)}`);
      setChats((list) => list?.filter((c) => c.id !== deleting.id) ?? null);
      setDeleting(null);
      setDeleteError(null);
    } catch (e) {
      setDeleteError(errorMessage(e));
    }
  };

  return (
    <section>
      <h1>{t('chats.heading')}</h1>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <form className="row new-chat" onSubmit={create} aria-label={t('chats.newChat')}>
        <label className="grow">
          <span className="visually-hidden">{t('chats.newChatTitle')}</span>
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('chats.titlePlaceholder')}
            maxLength={256}
          />
        </label>
        <button type="submit" className="primary" disabled={creating}>
          {t('chats.newChat')}
        </button>
      </form>
      {chats === null && !error && <p className="hint">{t('common.loading')}</p>}
      {chats?.length === 0 && <p className="empty">{t('chats.empty')}</p>}
      {chats && chats.length > 0 && <p className="hint">{t('chats.count', { count: chats.length })}</p>}
      <ul className="chat-list" aria-label={t('chats.list')}>
        {chats?.map((chat) => (
          <li key={chat.id} className="panel spread">
            {renaming?.id === chat.id ? (
              <form className="row grow" onSubmit={rename}>
                <label className="grow">
                  <span className="visually-hidden">{t('chats.titleOf', { title: chat.title })}</span>
                  <input
                    value={renaming.title}
                    onChange={(e) => setRenaming({ id: chat.id, title: e.target.value })}
                    maxLength={256}
                    autoFocus
                    onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
                  />
                </label>
                <button type="submit" className="primary">
                  {t('chats.saveTitle')}
                </button>
                <button type="button" onClick={() => setRenaming(null)}>
                  {t('common.cancel')}
                </button>
              </form>
            ) : (
              <>
                <div>
                  <a href={hrefFor({ page: 'chat', id: chat.id })} className="chat-link">
                    {chat.title}
                  </a>
                  <div className="hint">
                    {when(chat.updatedAt, i18n.language)}
                    {chat.settings.toolUse ? ` · ${t('chats.toolUseOn')}` : ''}
                  </div>
                </div>
                <div className="row">
                  <button
                    type="button"
                    onClick={() => setRenaming({ id: chat.id, title: chat.title })}
                    aria-label={t('chats.renameNamed', { title: chat.title })}
                  >
                    {t('common.rename')}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(chat)}
                    aria-label={t('chats.deleteNamed', { title: chat.title })}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={t('chats.deleteTitle')}
          message={
            <p>
              <Trans
                i18nKey="chats.deleteConfirm"
                values={{ title: deleting.title }}
                components={{ strong: <strong /> }}
              />
            </p>
          }
          confirmLabel={t('common.delete')}
          danger
          error={deleteError}
          onConfirm={remove}
          onCancel={() => {
            setDeleting(null);
            setDeleteError(null);
          }}
        />
      )}
    </section>
  );
}
