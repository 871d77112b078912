import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { McpServer, McpSettings } from '../../api/mcp-types';
import { EditableListPage } from '../../components/EditableListPage';
import { ErrorBanner } from '../../components/ErrorBanner';
import { namedItemLabels } from '../../components/named-item-labels';
import { Switch } from '../../components/Switch';
import { useApiGet } from '../../components/use-api-get';
import { useEditableList } from '../../components/use-editable-list';
import { McpReviewDialog } from './McpReviewDialog';
import { McpServerForm } from './McpServerForm';
import { McpServerTools } from './McpServerTools';
import { STATUS_LABELS } from './mcp-form';
import '../connections/settings-pages.css';
import './mcp.css';

function statusClass(server: McpServer): string {
  if (server.status === 'connected') return 'pill ok';
  if (server.status === 'error') return 'pill danger';
  if (server.status === 'needs_approval') return 'pill amber';
  return 'pill';
}

/** Toolsmith's own MCP endpoint and whether it shares the tools of the servers below. */
function SharingPanel() {
  const { t } = useTranslation();
  const loaded = useApiGet<McpSettings>('/api/mcp/settings');
  const { data: settings, mutate: setSettings, error, setError } = loaded;
  const change = async (reexportServerTools: boolean) => {
    try {
      setSettings(await api.put<McpSettings>('/api/mcp/settings', { reexportServerTools }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section className="panel mcp-card" aria-label={t('mcp.sharing.title')}>
      <h2 className="card-title">{t('mcp.sharing.title')}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <p className="hint">
        <Trans
          i18nKey="mcp.sharing.hint"
          values={{ url: `${window.location.origin}/mcp`, header: 'Authorization: Bearer ADMIN_SECRET' }}
          components={{ code: <code /> }}
        />
      </p>
      {settings && (
        <div className="switch-row">
          <Switch checked={settings.reexportServerTools} label={t('mcp.sharing.switch')} onChange={change} />
          <span>{t('mcp.sharing.text')}</span>
        </div>
      )}
    </section>
  );
}

/** MCP servers: add, review and approve, see their status, switch their tools on and off. */
export function McpServersPage() {
  const { t } = useTranslation();
  const list = useEditableList<McpServer>('/api/mcp/servers', 'servers');
  const { setItems: setServers, setEditing, setError } = list;
  const [reviewing, setReviewing] = useState<McpServer | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());

  const replace = (server: McpServer) =>
    setServers((all) => all?.map((s) => (s.id === server.id ? server : s)) ?? [server]);
  const setEnabled = async (server: McpServer, enabled: boolean) => {
    try {
      replace(await api.patch<McpServer>(`/api/mcp/servers/${encodeURIComponent(server.id)}`, { enabled }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const toggleTools = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <EditableListPage
      list={list}
      title={t('title.mcp')}
      newLabel={t('mcp.new')}
      intro={<p className="hint">{t('mcp.intro')}</p>}
      empty={t('mcp.empty')}
      listLabel={t('title.mcp')}
      cardClassName="panel mcp-card"
      renderForm={(server) => (
        <McpServerForm server={server} onSaved={list.saved} onCancel={() => setEditing(null)} />
      )}
      renderCard={(server, buttons) => (
        <>
          <div className="spread">
            <div>
              <h2 className="card-title">
                <span translate="no">{server.name}</span>{' '}
                <span className={statusClass(server)}>
                  {t(`mcp.status.${server.status}`, {
                    defaultValue: STATUS_LABELS[server.status] ?? server.status,
                  })}
                </span>
              </h2>
              <div className="hint">
                <span translate="no">
                  {server.transport === 'stdio' ? (server.review?.commandLine ?? server.command) : server.url}
                </span>
                {' · '}
                {t('mcp.tools', { count: server.toolCount })}
              </div>
              {/* the server's own message says the same in English: the UI says it in the reader's language */}
              {server.status === 'needs_approval' ? (
                <p className="hint">{t('mcp.needsApproval')}</p>
              ) : (
                server.error && <p className="error hint">{server.error}</p>
              )}
            </div>
            <div className="row">
              <Switch
                checked={server.enabled}
                label={t('mcp.onNamed', { name: server.name })}
                onChange={(next) => setEnabled(server, next)}
              />
              {server.status === 'needs_approval' && server.review && (
                <button type="button" className="primary" onClick={() => setReviewing(server)}>
                  {t('mcp.review')}
                </button>
              )}
              <button
                type="button"
                onClick={() => toggleTools(server.id)}
                aria-expanded={open.has(server.id)}
              >
                {t('mcp.toolsButton')}
              </button>
              {buttons.edit}
              {buttons.delete}
            </div>
          </div>
          {open.has(server.id) && <McpServerTools server={server} onStatus={() => void list.reload()} />}
        </>
      )}
      {...namedItemLabels(t, 'mcp')}
    >
      <SharingPanel />
      {reviewing && (
        <McpReviewDialog
          server={reviewing}
          onCancel={() => setReviewing(null)}
          onApproved={(approved) => {
            replace(approved);
            setReviewing(null);
            setOpen((current) => new Set(current).add(approved.id));
          }}
        />
      )}
    </EditableListPage>
  );
}
