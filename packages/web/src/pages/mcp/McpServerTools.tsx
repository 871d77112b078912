import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { McpServer, McpServerTools as ToolList } from '../../api/mcp-types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';

/** A server's tools with a switch each; loading them starts the server when it may run. */
export function McpServerTools({ server, onStatus }: { server: McpServer; onStatus: () => void }) {
  const { t } = useTranslation();
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
      setList((l) => l && { ...l, tools: l.tools.map((x) => (x.name === name ? { ...x, enabled } : x)) });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="mcp-tools">
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {list === null && !error && <p className="hint">{t('mcp.toolList.loading')}</p>}
      {list?.error && <p className="error hint">{list.error}</p>}
      {list && list.tools.length === 0 && !list.error && <p className="empty">{t('mcp.toolList.none')}</p>}
      {list && list.tools.length > 0 && (
        <ul className="mcp-tool-list" aria-label={t('mcp.toolList.label', { name: server.name })}>
          {list.tools.map((tool) => (
            <li key={tool.name} className="row spread">
              <div>
                <strong translate="no">{tool.displayName}</strong>{' '}
                <code title={t('mcp.toolList.modelName')}>{tool.modelName}</code>{' '}
                {tool.mode === 'read' ? (
                  <span className="pill ok">{t('mcp.toolList.read')}</span>
                ) : (
                  <span className="pill amber">{t('mcp.toolList.write')}</span>
                )}
                <div className="hint" translate="no">
                  {tool.description.slice(0, 240)}
                </div>
              </div>
              <Switch
                checked={tool.enabled}
                label={t('mcp.onNamed', { name: tool.modelName })}
                onChange={(next) => toggle(tool.name, next)}
              />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="link" onClick={() => load(true)}>
        {t('mcp.toolList.refresh')}
      </button>
    </div>
  );
}
