import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Connection } from '../../api/types';
import { EditableListPage } from '../../components/EditableListPage';
import { namedItemLabels } from '../../components/named-item-labels';
import { useEditableList } from '../../components/use-editable-list';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionTestOutcome, type TestAnswer, type TestState } from './ConnectionTestOutcome';
import { connectionSummary } from './connection-form';
import { ToolModeMemory } from './ToolModeMemory';
import './settings-pages.css';

/** Connections: where chats send their requests. Create, edit, delete and test each one. */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const list = useEditableList<Connection>('/api/connections', 'connections');
  const [tests, setTests] = useState<Record<string, TestState>>({});

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
    list.saved(connection);
    // A changed connection's old test result no longer says anything about it.
    setTests(({ [connection.id]: _old, ...others }) => others);
  };

  return (
    <EditableListPage
      list={list}
      title={t('nav.connections')}
      newLabel={t('connections.new')}
      empty={t('connections.empty')}
      listLabel={t('connections.list')}
      renderForm={(connection) => (
        <ConnectionForm connection={connection} onSaved={saved} onCancel={() => list.setEditing(null)} />
      )}
      renderCard={(connection, buttons) => (
        <>
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
            {buttons.edit}
            {buttons.delete}
          </div>
          <ConnectionTestOutcome state={tests[connection.id]} connection={connection} onChanged={saved} />
          <ToolModeMemory connectionId={connection.id} refresh={tests[connection.id]} />
        </>
      )}
      {...namedItemLabels(t, 'connections')}
    />
  );
}
