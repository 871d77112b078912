import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { McpServer } from '../../api/mcp-types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useFormSave } from '../../components/use-form-save';
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
  const { t } = useTranslation();
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
  const { error, setError, fieldErrors, saving, submit } = useFormSave();
  const set = (field: keyof McpFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const fieldError = (field: string) => {
    const message = Object.entries(fieldErrors).find(([f]) => f === field || f.startsWith(`${field}.`))?.[1];
    return message ? <span className="error hint">{message}</span> : null;
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    await submit(async () => {
      const body = mcpServerBody(values, creating);
      onSaved(
        creating
          ? await api.post<McpServer>('/api/mcp/servers', body)
          : await api.patch<McpServer>(`/api/mcp/servers/${encodeURIComponent(server.id)}`, body),
      );
    });
  };

  const title = creating ? t('mcp.new') : t('mcp.editNamed', { name: server.name });
  const storedKeys = values.transport === 'stdio' ? server?.envKeys : server?.headerKeys;
  return (
    <form className="panel form-grid" noValidate onSubmit={save} aria-label={title}>
      <h2>{title}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <label>
        {t('mcp.form.name')}
        <input value={values.name} maxLength={64} onChange={set('name')} />
        <span className="hint">{t('mcp.form.nameHint')}</span>
        {fieldError('name')}
      </label>
      <label>
        {t('mcp.form.transport')}
        <select value={values.transport} onChange={set('transport')} disabled={!creating}>
          <option value="stdio">{t('mcp.form.stdio')}</option>
          <option value="http">{t('mcp.form.http')}</option>
        </select>
      </label>
      {values.transport === 'stdio' ? (
        <>
          <label className="wide">
            {t('mcp.form.command')}
            <input value={values.command} onChange={set('command')} placeholder="npx" />
            <span className="hint">{t('mcp.form.commandHint')}</span>
            {fieldError('command')}
          </label>
          <label className="wide">
            {t('mcp.form.args')}
            <textarea rows={3} value={values.args} onChange={set('args')} />
            {fieldError('args')}
          </label>
          <label className="wide">
            {t('mcp.form.cwd')}
            <input value={values.cwd} onChange={set('cwd')} placeholder={t('mcp.form.cwdPlaceholder')} />
            {fieldError('cwd')}
          </label>
          <label className="wide">
            {t('mcp.form.env')}
            <textarea rows={2} value={values.env} onChange={set('env')} autoComplete="off" />
            <SecretHint storedKeys={storedKeys} />
            {fieldError('env')}
          </label>
        </>
      ) : (
        <>
          <label className="wide">
            {t('mcp.form.url')}
            <input value={values.url} onChange={set('url')} placeholder="https://example.com/mcp" />
            <span className="hint">{t('mcp.form.urlHint')}</span>
            {fieldError('url')}
          </label>
          <label className="wide">
            {t('mcp.form.headers')}
            <textarea rows={2} value={values.headers} onChange={set('headers')} autoComplete="off" />
            <SecretHint storedKeys={storedKeys} />
            {fieldError('headers')}
          </label>
        </>
      )}
      <div className="row end wide">
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('mcp.form.saving') : creating ? t('mcp.form.add') : t('mcp.form.save')}
        </button>
      </div>
    </form>
  );
}

/** Env and header values are write-only: the hint names the stored keys (user data, not translated). */
function SecretHint({ storedKeys }: { storedKeys: string[] | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="hint">
      {t('mcp.form.secret')}
      {storedKeys && storedKeys.length > 0 && <> {t('mcp.form.stored', { keys: storedKeys.join(', ') })}</>}
    </span>
  );
}
