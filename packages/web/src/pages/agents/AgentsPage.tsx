import { useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Agent, CatalogTool, Chat, ChatContext, Connection, Preset } from '../../api/types';
import { hrefFor } from '../../app/router';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { StatusNotice } from '../../components/StatusNotice';
import { useEditableList } from '../../components/use-editable-list';
import { AgentForm } from './AgentForm';
import { EditorDataContext, toolUseOffChats } from './profile/editor-data';
import { ProfileEditor } from './profile/ProfileEditor';
import { panelTools } from './profile/profile-model';
import '../connections/settings-pages.css';
import './agents.css';
import { i18n } from '../../i18n/i18n';

/** Agents (connection, preset, system prompt, pinned tools) and the global orchestration profile. */
export function AgentsPage() {
  const { t } = useTranslation();
  const {
    items: agents,
    setItems: setAgents,
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
  } = useEditableList<Agent>('/api/agents');
  const [connections, setConnections] = useState<Connection[]>([]);
  const [presets, setPresets] = useState<Preset[]>([]);
  const [catalog, setCatalog] = useState<{ tools: CatalogTool[]; reservedNames: string[] } | null>(null);
  const [chats, setChats] = useState<Array<Chat & Partial<ChatContext>>>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<{ agents: Agent[] }>('/api/agents')
      .then((a) => setAgents(a.agents))
      .catch((e) => setError(errorMessage(e)));
    api
      .get<{ connections: Connection[] }>('/api/connections')
      .then((a) => setConnections(a.connections))
      .catch((e) => setError(i18n.t('agents.loadFailed.connections', { message: errorMessage(e) })));
    api
      .get<{ presets: Preset[] }>('/api/presets')
      .then((a) => setPresets(a.presets))
      .catch((e) => setError(i18n.t('agents.loadFailed.presets', { message: errorMessage(e) })));
    api
      .get<{ tools: CatalogTool[]; reservedNames: string[] }>('/api/orchestration/tools')
      .then(setCatalog)
      .catch((e) => setError(i18n.t('agents.loadFailed.tools', { message: errorMessage(e) })));
    api
      .get<{ chats: Chat[] }>('/api/chats')
      .then((a) => setChats(a.chats))
      .catch((e) => setError(i18n.t('agents.loadFailed.chats', { message: errorMessage(e) })));
  }, [setAgents]);

  // what the pickers and panels of the agent forms and the profile editor read
  const data = useMemo(
    () => ({
      tools: panelTools(catalog?.tools ?? [], []),
      agents: agents ?? [],
      connections,
      presets,
      toolUseOffChats: toolUseOffChats(chats),
    }),
    [catalog, agents, connections, presets, chats],
  );

  const form = (agent: Agent | null) => (
    <AgentForm
      agent={agent}
      connections={connections}
      presets={presets}
      onSaved={saved}
      onCancel={() => setEditing(null)}
    />
  );

  return (
    <EditorDataContext.Provider value={data}>
      <section>
        <div className="spread">
          <h1>{t('nav.agents')}</h1>
          <div className="row">
            <a className="button" href={hrefFor({ page: 'simulation', chatId: null })}>
              {t('agents.simulate')}
            </a>
            <button
              type="button"
              className="primary"
              onClick={() => setEditing('new')}
              disabled={editing === 'new'}
            >
              {t('agents.new')}
            </button>
          </div>
        </div>
        <ErrorBanner error={error} onDismiss={() => setError(null)} />
        <StatusNotice message={notice} onDismiss={() => setNotice(null)} />
        {editing === 'new' && form(null)}
        {agents === null && !error && <p className="hint">{t('common.loading')}</p>}
        {agents?.length === 0 && editing !== 'new' && <p className="empty">{t('agents.empty')}</p>}
        <ul className="card-list agents-list" aria-label={t('nav.agents')}>
          {agents?.map((agent) =>
            editing !== 'new' && editing?.id === agent.id ? (
              <li key={agent.id}>{form(agent)}</li>
            ) : (
              <li key={agent.id} className="panel" aria-label={agent.name}>
                <div className="spread">
                  <div>
                    <h2 className="card-title" translate="no">
                      {agent.name}
                    </h2>
                    <div className="hint">
                      {connections.find((c) => c.id === agent.connectionId)?.name ??
                        t('agents.chatConnectionLower')}
                      {agent.tools.length > 0
                        ? ` · ${t('agents.pinned', { tools: agent.tools.join(', ') })}`
                        : ''}
                    </div>
                  </div>
                  <div className="row">
                    <button
                      type="button"
                      onClick={() => setEditing(agent)}
                      aria-label={t('agents.editNamed', { name: agent.name })}
                    >
                      {t('common.edit')}
                    </button>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => setDeleting(agent)}
                      aria-label={t('agents.deleteNamed', { name: agent.name })}
                    >
                      {t('common.delete')}
                    </button>
                  </div>
                </div>
              </li>
            ),
          )}
        </ul>
        <ProfileEditor catalog={catalog?.tools ?? []} reservedNames={catalog?.reservedNames ?? []} />
        {deleting && (
          <ConfirmDialog
            title={t('agents.deleteTitle')}
            message={
              <p>
                <Trans
                  i18nKey="agents.deleteConfirm"
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
    </EditorDataContext.Provider>
  );
}
