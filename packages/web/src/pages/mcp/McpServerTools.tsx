import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { McpServer, McpServerTools as ToolList } from '../../api/mcp-types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';

/** A server's tools with a switch each; loading them starts the server when it may run. */
export function McpServerTools({ server, onStatus }: { server: McpServer; onStatus: () => void }) {
  const [list, setList] = useState<ToolList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/mcp/servers/${encodeURIComponent(server.id)}/tools`;

  const load = (refresh: boolean) => {
    setError(null);
    api
      .get<ToolList>(refresh ? `${path}?refresh=true` : path)
      .then((l) => {
        setList(l);
        onStatus();
      })
      .catch((e) => setError(errorMessage(e)));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per server
  useEffect(() => load(false), [server.id]);

  const toggle = async (name: string, enabled: boolean) => {
    try {
      await api.put(`${path}/${encodeURIComponent(name)}`, { enabled });
      setList((l) => l && { ...l, tools: l.tools.map((t) => (t.name === name ? { ...t, enabled } : t)) });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="mcp-tools">
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {list === null && !error && <p className="hint">Loading tools…</p>}
      {list?.error && <p className="error hint">{list.error}</p>}
      {list && list.tools.length === 0 && !list.error && (
        <p className="empty">This server offers no tools.</p>
      )}
      {list && list.tools.length > 0 && (
        <ul className="mcp-tool-list" aria-label={`${server.name} tools`}>
          {list.tools.map((tool) => (
            <li key={tool.name} className="row spread">
              <div>
                <strong>{tool.displayName}</strong>{' '}
                <code title="The name models call it by">{tool.modelName}</code>{' '}
                {tool.mode === 'read' ? (
                  <span className="pill ok">read</span>
                ) : (
                  <span className="pill amber">write</span>
                )}
                <div className="hint">{tool.description.slice(0, 240)}</div>
              </div>
              <Switch
                checked={tool.enabled}
                label={`${tool.modelName} on`}
                onChange={(next) => toggle(tool.name, next)}
              />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="link" onClick={() => load(true)}>
        Refresh tool list
      </button>
    </div>
  );
}
