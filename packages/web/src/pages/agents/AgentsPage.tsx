import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent, CatalogTool, Chat, Connection, Preset } from '../../api/types';
import { hrefFor } from '../../app/router';
import { EditableListPage } from '../../components/EditableListPage';
import { namedItemLabels } from '../../components/named-item-labels';
import { useApiGet } from '../../components/use-api-get';
import { useEditableList } from '../../components/use-editable-list';
import { AgentForm } from './AgentForm';
import { EditorDataContext, toolUseOffChats } from './profile/editor-data';
import { ProfileEditor } from './profile/ProfileEditor';
import { panelTools } from './profile/profile-model';
import '../connections/settings-pages.css';
import './agents.css';

type Catalog = { tools: CatalogTool[]; reservedNames: string[] };
const none: never[] = [];
const pickConnections = (a: { connections: Connection[] }) => a.connections;
const pickPresets = (a: { presets: Preset[] }) => a.presets;
const pickChats = (a: { chats: Chat[] }) => a.chats;

/** Agents (connection, preset, system prompt, pinned tools) and the global orchestration profile. */
export function AgentsPage() {
  const { t } = useTranslation();
  const list = useEditableList<Agent>('/api/agents', 'agents');
  const { items: agents, setError } = list;
  // what the agent forms and the profile editor pick from; a failed load says which list is missing
  const connections =
    useApiGet('/api/connections', {
      select: pickConnections,
      onError: (message) => setError(t('agents.loadFailed.connections', { message })),
    }).data ?? none;
  const presets =
    useApiGet('/api/presets', {
      select: pickPresets,
      onError: (message) => setError(t('agents.loadFailed.presets', { message })),
    }).data ?? none;
  const catalog = useApiGet<Catalog>('/api/orchestration/tools', {
    onError: (message) => setError(t('agents.loadFailed.tools', { message })),
  }).data;
  const chats =
    useApiGet('/api/chats', {
      select: pickChats,
      onError: (message) => setError(t('agents.loadFailed.chats', { message })),
    }).data ?? none;

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

  return (
    <EditorDataContext.Provider value={data}>
      <EditableListPage
        list={list}
        title={t('nav.agents')}
        newLabel={t('agents.new')}
        headerActions={
          <a className="button" href={hrefFor({ page: 'simulation', chatId: null })}>
            {t('agents.simulate')}
          </a>
        }
        empty={t('agents.empty')}
        listLabel={t('nav.agents')}
        listClassName="card-list agents-list"
        renderForm={(agent) => (
          <AgentForm
            agent={agent}
            connections={connections}
            presets={presets}
            onSaved={list.saved}
            onCancel={() => list.setEditing(null)}
          />
        )}
        renderCard={(agent, buttons) => (
          <div className="spread">
            <div>
              <h2 className="card-title" translate="no">
                {agent.name}
              </h2>
              <div className="hint">
                {connections.find((c) => c.id === agent.connectionId)?.name ??
                  t('agents.chatConnectionLower')}
                {agent.tools.length > 0 ? ` · ${t('agents.pinned', { tools: agent.tools.join(', ') })}` : ''}
              </div>
            </div>
            <div className="row">
              {buttons.edit}
              {buttons.delete}
            </div>
          </div>
        )}
        {...namedItemLabels(t, 'agents')}
      >
        <ProfileEditor catalog={catalog?.tools ?? []} reservedNames={catalog?.reservedNames ?? []} />
      </EditableListPage>
    </EditorDataContext.Provider>
  );
}
