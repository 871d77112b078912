import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { McpServer, McpSettings } from '../../api/mcp-types';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { StatusNotice } from '../../components/StatusNotice';
import { Switch } from '../../components/Switch';
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
  const [settings, setSettings] = useState<McpSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .get<McpSettings>('/api/mcp/settings')
      .then(setSettings)
      .catch((e) => setError(errorMessage(e)));
  }, []);
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
        <div className="row">
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
  const list = useEditableList<McpServer>('/api/mcp/servers');
  const { items: servers, setItems: setServers, editing, setEditing, deleting, setDeleting } = list;
  const [error, setError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<McpServer | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());

  const reload = useCallback(() => {
    api
      .get<{ servers: McpServer[] }>('/api/mcp/servers')
      .then((a) => setServers(a.servers))
      .catch((e) => setError(errorMessage(e)));
  }, [setServers]);
  useEffect(reload, [reload]);

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
    <section>
      <div className="spread">
        <h1>{t('title.mcp')}</h1>
        <button
          type="button"
          className="primary"
          onClick={() => setEditing('new')}
          disabled={editing === 'new'}
        >
          {t('mcp.new')}
        </button>
      </div>
      <p className="hint">{t('mcp.intro')}</p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <StatusNotice message={list.notice} onDismiss={() => list.setNotice(null)} />
      {editing === 'new' && (
        <McpServerForm server={null} onSaved={list.saved} onCancel={() => setEditing(null)} />
      )}
      {servers === null && !error && <p className="hint">{t('common.loading')}</p>}
      {servers?.length === 0 && editing !== 'new' && <p className="empty">{t('mcp.empty')}</p>}
      <ul className="card-list" aria-label={t('title.mcp')}>
        {servers?.map((server) =>
          editing !== 'new' && editing?.id === server.id ? (
            <li key={server.id}>
              <McpServerForm server={server} onSaved={list.saved} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={server.id} className="panel mcp-card" aria-label={server.name}>
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
                      {server.transport === 'stdio'
                        ? (server.review?.commandLine ?? server.command)
                        : server.url}
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
                  <button
                    type="button"
                    onClick={() => setEditing(server)}
                    aria-label={t('mcp.editNamed', { name: server.name })}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(server)}
                    aria-label={t('mcp.deleteNamed', { name: server.name })}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </div>
              {open.has(server.id) && <McpServerTools server={server} onStatus={reload} />}
            </li>
          ),
        )}
      </ul>
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
      {deleting && (
        <ConfirmDialog
          title={t('mcp.deleteTitle')}
          message={
            <p>
              <Trans
                i18nKey="mcp.deleteConfirm"
                values={{ name: deleting.name }}
                components={{ strong: <strong /> }}
              />
            </p>
          }
          confirmLabel={t('common.delete')}
          danger
          error={list.deleteError}
          onConfirm={list.remove}
          onCancel={() => {
            setDeleting(null);
            list.setDeleteError(null);
          }}
        />
      )}
    </section>
  );
}
