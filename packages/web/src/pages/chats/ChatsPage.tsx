import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { startChat } from '../../api/start-chat';
import type { Chat } from '../../api/types';
import { hrefFor, navigate } from '../../app/router';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import './chats.css';

function when(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

/** The chat list: create, open, rename and delete chats. */
export function ChatsPage() {
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
      <h1>Chats</h1>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <form className="row new-chat" onSubmit={create} aria-label="New chat">
        <label className="grow">
          <span className="visually-hidden">New chat title</span>
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Title (optional)"
            maxLength={256}
          />
        </label>
        <button type="submit" className="primary" disabled={creating}>
          New chat
        </button>
      </form>
      {chats === null && !error && <p className="hint">Loading…</p>}
      {chats?.length === 0 && <p className="empty">No chats yet.</p>}
      <ul className="chat-list" aria-label="Chats">
        {chats?.map((chat) => (
          <li key={chat.id} className="panel spread">
            {renaming?.id === chat.id ? (
              <form className="row grow" onSubmit={rename}>
                <label className="grow">
                  <span className="visually-hidden">Title of {chat.title}</span>
                  <input
                    value={renaming.title}
                    onChange={(e) => setRenaming({ id: chat.id, title: e.target.value })}
                    maxLength={256}
                    autoFocus
                    onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
                  />
                </label>
                <button type="submit" className="primary">
                  Save title
                </button>
                <button type="button" onClick={() => setRenaming(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              <>
                <div>
                  <a href={hrefFor({ page: 'chat', id: chat.id })} className="chat-link">
                    {chat.title}
                  </a>
                  <div className="hint">
                    {when(chat.updatedAt)}
                    {chat.settings.toolUse ? ' · tool use on' : ''}
                  </div>
                </div>
                <div className="row">
                  <button
                    type="button"
                    onClick={() => setRenaming({ id: chat.id, title: chat.title })}
                    aria-label={`Rename ${chat.title}`}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(chat)}
                    aria-label={`Delete ${chat.title}`}
                  >
                    Delete
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title="Delete chat"
          message={
            <p>
              Delete <strong>{deleting.title}</strong> and all its messages? This cannot be undone.
            </p>
          }
          confirmLabel="Delete"
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
