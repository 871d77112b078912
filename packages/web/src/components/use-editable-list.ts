import { useState } from 'react';
import { api, errorMessage } from '../api/client';
import { i18n } from '../i18n/i18n';

/**
 * The state every list-and-edit page shares (presets, personas, agents, connections, characters): the loaded
 * items, which one is being edited (or 'new'), which one waits for delete confirmation, and the two updates —
 * a saved item replaces its old copy in place (or joins the end), a confirmed delete calls
 * `DELETE resourcePath/:id` and keeps the server's message when it refuses.
 */
export function useEditableList<T extends { id: string }>(resourcePath: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  /** "Saved “name”." after a create or an edit (a create closes its form, so it needs saying too) */
  const [notice, setNotice] = useState<string | null>(null);

  const saved = (item: T) => {
    setItems((list) => {
      const all = list ?? [];
      return all.some((i) => i.id === item.id)
        ? all.map((i) => (i.id === item.id ? item : i))
        : [...all, item];
    });
    setEditing(null);
    const name = (item as { name?: unknown }).name;
    setNotice(
      typeof name === 'string' && name ? i18n.t('common.savedName', { name }) : i18n.t('common.saved'),
    );
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.del(`${resourcePath}/${encodeURIComponent(deleting.id)}`);
      setItems((list) => list?.filter((i) => i.id !== deleting.id) ?? null);
      setEditing((current) => (current !== 'new' && current?.id === deleting.id ? null : current));
      setDeleting(null);
      setDeleteError(null);
      setNotice(null);
    } catch (e) {
      setDeleteError(errorMessage(e));
    }
  };

  return {
    items,
    setItems,
    editing,
    setEditing,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    saved,
    remove,
    notice,
    setNotice,
  };
}
