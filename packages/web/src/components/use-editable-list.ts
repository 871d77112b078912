import { useState } from 'react';
import { api, errorMessage } from '../api/client';
import { i18n } from '../i18n/i18n';
import { upsertById } from './api-get-state';
import { useApiGet } from './use-api-get';

/**
 * The state every list-and-edit page shares (presets, personas, agents, connections, characters, lorebooks,
 * MCP servers): the list loaded from `GET resourcePath` (the answer's `listKey` field), the page's error
 * banner (a failed load or any later failure the page reports with setError), which item is being edited
 * (or 'new'), which one waits for delete confirmation, and the two updates — a saved item replaces its old
 * copy in place (or joins the end), a confirmed delete calls `DELETE resourcePath/:id` and keeps the
 * server's message when it refuses.
 */
export function useEditableList<T extends { id: string }>(resourcePath: string, listKey: string) {
  const pick = (answer: Record<string, T[]>) => answer[listKey] ?? [];
  const loaded = useApiGet<T[], Record<string, T[]>>(resourcePath, { select: pick });
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  /** "Saved “name”." after a create or an edit (a create closes its form, so it needs saying too) */
  const [notice, setNotice] = useState<string | null>(null);
  const setItems = loaded.mutate;

  const saved = (item: T) => {
    setItems((list) => upsertById(list, item));
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

  const cancelDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };

  return {
    items: loaded.data,
    setItems,
    loading: loaded.loading,
    reload: loaded.reload,
    error: loaded.error,
    setError: loaded.setError,
    editing,
    setEditing,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    cancelDelete,
    saved,
    remove,
    notice,
    setNotice,
  };
}

export type EditableList<T extends { id: string }> = ReturnType<typeof useEditableList<T>>;
