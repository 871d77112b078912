import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Connection } from '../../api/types';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { StatusNotice } from '../../components/StatusNotice';
import { useEditableList } from '../../components/use-editable-list';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionTestOutcome, type TestAnswer, type TestState } from './ConnectionTestOutcome';
import { connectionSummary } from './connection-form';
import { ToolModeMemory } from './ToolModeMemory';
import './settings-pages.css';

/** Connections: where chats send their requests. Create, edit, delete and test each one. */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const {
    items: connections,
    setItems: setConnections,
    editing,
    setEditing,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    saved: savedItem,
    remove,
    notice,
    setNotice,
  } = useEditableList<Connection>('/api/connections');
  const [error, setError] = useState<string | null>(null);
  const [tests, setTests] = useState<Record<string, TestState>>({});

  const load = useCallback(async () => {
    try {
      const answer = await api.get<{ connections: Connection[] }>('/api/connections');
      setConnections(answer.connections);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [setConnections]);
  useEffect(() => {
    void load();
  }, [load]);

  const test = async (connection: Connection) => {
    setTests((t) => ({ ...t, [connection.id]: { running: true } }));
    let state: TestState;
    try {
      const answer = await api.post<TestAnswer>(`/api/connections/${encodeURIComponent(connection.id)}/test`);
      state = { running: false, answer };
    } catch (e) {
      state = { running: false, error: errorMessage(e) };
    }
    setTests((t) => ({ ...t, [connection.id]: state }));
  };

  const saved = (connection: Connection) => {
    savedItem(connection);
    // A changed connection's old test result no longer says anything about it.
    setTests(({ [connection.id]: _old, ...others }) => others);
  };

  return (
    <section>
      <div className="spread">
        <h1>{t('nav.connections')}</h1>
        <button
          type="button"
          className="primary"
          onClick={() => setEditing('new')}
          disabled={editing === 'new'}
        >
          {t('connections.new')}
        </button>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <StatusNotice message={notice} onDismiss={() => setNotice(null)} />
      {connections === null && error && (
        <button
          type="button"
          onClick={() => {
            setError(null);
            void load();
          }}
        >
          {t('connections.retry')}
        </button>
      )}
      {editing === 'new' && (
        <ConnectionForm connection={null} onSaved={saved} onCancel={() => setEditing(null)} />
      )}
      {connections === null && !error && <p className="hint">{t('common.loading')}</p>}
      {connections?.length === 0 && editing !== 'new' && <p className="empty">{t('connections.empty')}</p>}
      <ul className="card-list" aria-label={t('connections.list')}>
        {connections?.map((connection) =>
          editing !== 'new' && editing?.id === connection.id ? (
            <li key={connection.id}>
              <ConnectionForm connection={connection} onSaved={saved} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={connection.id} className="panel" aria-label={connection.name}>
              <div className="spread">
                <div>
                  <h2 className="card-title" translate="no">
                    {connection.name}
                  </h2>
                  <div className="hint">{connectionSummary(connection)}</div>
                </div>
                <div className="row">
                  <span className={`pill${connection.hasApiKey ? ' ok' : ''}`}>
                    {connection.hasApiKey ? t('connections.keySet') : t('connections.keyNotSet')}
                  </span>
                  <span className={`pill${connection.functionCalling.enabled ? '' : ' amber'}`}>
                    {connection.functionCalling.enabled
                      ? t('connections.functionCallingMode', {
                          mode: t(`connections.mode.${connection.functionCalling.mode}`),
                        })
                      : t('connections.functionCallingOff')}
                  </span>
                </div>
              </div>
              <div className="row">
                <button
                  type="button"
                  onClick={() => test(connection)}
                  disabled={tests[connection.id]?.running}
                  aria-label={t('connections.testNamed', { name: connection.name })}
                >
                  {tests[connection.id]?.running ? t('connections.testing') : t('connections.test')}
                </button>
                <button
                  type="button"
                  onClick={() => setEditing(connection)}
                  aria-label={t('connections.editNamed', { name: connection.name })}
                >
                  {t('common.edit')}
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => setDeleting(connection)}
                  aria-label={t('connections.deleteNamed', { name: connection.name })}
                >
                  {t('common.delete')}
                </button>
              </div>
              <ConnectionTestOutcome state={tests[connection.id]} connection={connection} onChanged={saved} />
              <ToolModeMemory connectionId={connection.id} refresh={tests[connection.id]} />
            </li>
          ),
        )}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={t('connections.deleteTitle')}
          message={
            <p>
              <Trans
                i18nKey="connections.deleteConfirm"
                values={{ name: deleting.name }}
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
