import { useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import type { McpServer } from '../../api/mcp-types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { type McpFormValues, mcpServerBody } from './mcp-form';

/** Add or edit an MCP server. Env and header values are write-only: the stored ones are never shown. */
export function McpServerForm({
  server,
  onSaved,
  onCancel,
}: {
  server: McpServer | null;
  onSaved: (saved: McpServer) => void;
  onCancel: () => void;
}) {
  const creating = server === null;
  const [values, setValues] = useState<McpFormValues>({
    name: server?.name ?? '',
    transport: server?.transport ?? 'stdio',
    command: server?.command ?? '',
    args: server?.args.join('\n') ?? '',
    cwd: server?.cwd ?? '',
    env: '',
    url: server?.url ?? '',
    headers: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof McpFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const fieldError = (field: string) => {
    const message = Object.entries(fieldErrors).find(([f]) => f === field || f.startsWith(`${field}.`))?.[1];
    return message ? <span className="error hint">{message}</span> : null;
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    setSaving(true);
    try {
      const body = mcpServerBody(values, creating);
      onSaved(
        creating
          ? await api.post<McpServer>('/api/mcp/servers', body)
          : await api.patch<McpServer>(`/api/mcp/servers/${encodeURIComponent(server.id)}`, body),
      );
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError)
        setFieldErrors(Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message])));
    } finally {
      setSaving(false);
    }
  };

  const title = creating ? 'New MCP server' : `Edit ${server.name}`;
  const storedKeys = values.transport === 'stdio' ? server?.envKeys : server?.headerKeys;
  return (
    <form className="panel form-grid" noValidate onSubmit={save} aria-label={title}>
      <h2>{title}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <label>
        Name
        <input value={values.name} maxLength={64} onChange={set('name')} />
        <span className="hint">Shown in tool pickers; prefixes its tools’ names when they collide.</span>
        {fieldError('name')}
      </label>
      <label>
        Transport
        <select value={values.transport} onChange={set('transport')} disabled={!creating}>
          <option value="stdio">stdio (a program on this machine)</option>
          <option value="http">Streamable HTTP (a URL)</option>
        </select>
      </label>
      {values.transport === 'stdio' ? (
        <>
          <label className="wide">
            Command
            <input value={values.command} onChange={set('command')} placeholder="npx" />
            <span className="hint">Run by the Toolsmith server without a shell, after you approve it.</span>
            {fieldError('command')}
          </label>
          <label className="wide">
            Arguments (one per line)
            <textarea rows={3} value={values.args} onChange={set('args')} />
            {fieldError('args')}
          </label>
          <label className="wide">
            Working folder
            <input value={values.cwd} onChange={set('cwd')} placeholder="(the server's own)" />
            {fieldError('cwd')}
          </label>
          <label className="wide">
            Environment (NAME=value per line)
            <textarea rows={2} value={values.env} onChange={set('env')} autoComplete="off" />
            <span className="hint">
              Values are stored encrypted and never shown again.
              {storedKeys &&
                storedKeys.length > 0 &&
                ` Stored: ${storedKeys.join(', ')} (lines here add or replace).`}
            </span>
            {fieldError('env')}
          </label>
        </>
      ) : (
        <>
          <label className="wide">
            URL
            <input value={values.url} onChange={set('url')} placeholder="https://example.com/mcp" />
            <span className="hint">
              Reached under the webhook address rules (no private addresses unless allowed).
            </span>
            {fieldError('url')}
          </label>
          <label className="wide">
            Headers (Name: value per line)
            <textarea rows={2} value={values.headers} onChange={set('headers')} autoComplete="off" />
            <span className="hint">
              Values are stored encrypted and never shown again.
              {storedKeys &&
                storedKeys.length > 0 &&
                ` Stored: ${storedKeys.join(', ')} (lines here add or replace).`}
            </span>
            {fieldError('headers')}
          </label>
        </>
      )}
      <div className="row end wide">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : creating ? 'Add server' : 'Save server'}
        </button>
      </div>
    </form>
  );
}
