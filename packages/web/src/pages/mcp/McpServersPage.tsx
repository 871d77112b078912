import { useCallback, useEffect, useState } from 'react';
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
    <section className="panel mcp-card" aria-label="Toolsmith as an MCP server">
      <h2 className="card-title">Toolsmith as an MCP server</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <p className="hint">
        MCP clients reach your enabled global functions and builtins at{' '}
        <code>{`${window.location.origin}/mcp`}</code> (Streamable HTTP; off this machine with{' '}
        <code>Authorization: Bearer ADMIN_SECRET</code>).
      </p>
      {settings && (
        <div className="row">
          <Switch
            checked={settings.reexportServerTools}
            label="Share the MCP servers’ tools too"
            onChange={change}
          />
          <span>Share the tools of the MCP servers below too</span>
        </div>
      )}
    </section>
  );
}

/** MCP servers: add, review and approve, see their status, switch their tools on and off. */
export function McpServersPage() {
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
        <h1>MCP servers</h1>
        <button
          type="button"
          className="primary"
          onClick={() => setEditing('new')}
          disabled={editing === 'new'}
        >
          New MCP server
        </button>
      </div>
      <p className="hint">
        Tools of Model Context Protocol servers join your functions: models call them like any other tool.
      </p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <StatusNotice message={list.notice} onDismiss={() => list.setNotice(null)} />
      {editing === 'new' && (
        <McpServerForm server={null} onSaved={list.saved} onCancel={() => setEditing(null)} />
      )}
      {servers === null && !error && <p className="hint">Loading…</p>}
      {servers?.length === 0 && editing !== 'new' && (
        <p className="empty">No MCP servers yet. Add one to use its tools in chats.</p>
      )}
      <ul className="card-list" aria-label="MCP servers">
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
                    {server.name}{' '}
                    <span className={statusClass(server)}>
                      {STATUS_LABELS[server.status] ?? server.status}
                    </span>
                  </h2>
                  <div className="hint">
                    {server.transport === 'stdio'
                      ? (server.review?.commandLine ?? server.command)
                      : server.url}
                    {' · '}
                    {server.toolCount} {server.toolCount === 1 ? 'tool' : 'tools'}
                  </div>
                  {server.error && <p className="error hint">{server.error}</p>}
                </div>
                <div className="row">
                  <Switch
                    checked={server.enabled}
                    label={`${server.name} on`}
                    onChange={(next) => setEnabled(server, next)}
                  />
                  {server.status === 'needs_approval' && server.review && (
                    <button type="button" className="primary" onClick={() => setReviewing(server)}>
                      Review and approve
                    </button>
                  )}
                  <button
                    type="button"
                    onClick={() => toggleTools(server.id)}
                    aria-expanded={open.has(server.id)}
                  >
                    Tools
                  </button>
                  <button type="button" onClick={() => setEditing(server)} aria-label={`Edit ${server.name}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(server)}
                    aria-label={`Delete ${server.name}`}
                  >
                    Delete
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
          title="Delete MCP server"
          message={
            <p>
              Delete <strong>{deleting.name}</strong>? Its tools leave every chat; a running process is
              stopped.
            </p>
          }
          confirmLabel="Delete"
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
