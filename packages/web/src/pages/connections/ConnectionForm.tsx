import { useId, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import type { Connection } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { connectionProviderBody, providerDraftFrom } from '../../components/provider-settings/provider-draft';
import { Switch } from '../../components/Switch';
import { ConnectionPresetPicker } from './ConnectionPresetPicker';
import { ConnectionProviderSettings } from './ConnectionProviderSettings';
import {
  API_FAMILIES,
  type ConnectionDraft,
  connectionBody,
  draftFrom,
  emptyDraft,
  FUNCTION_CALL_MODES,
  TEXT_BACKENDS,
} from './connection-form';
import { applyPreset } from './connection-presets';
import { FetchModels } from './FetchModels';
import { InstructTemplateField } from './InstructTemplateField';
import { KeyOriginNotice } from './KeyOriginNotice';
import { keyMove } from './key-origin';
import { ToolCallFormatSelect } from './ToolCallFormatSelect';
import { VisionField } from './VisionField';

/** Create or edit one connection. The API key field is write-only: it shows whether a key is stored, never the key. */
export function ConnectionForm({
  connection,
  onSaved,
  onCancel,
}: {
  connection: Connection | null;
  onSaved: (saved: Connection) => void;
  onCancel: () => void;
}) {
  const creating = connection === null;
  const [draft, setDraft] = useState<ConnectionDraft>(() =>
    connection ? draftFrom(connection) : emptyDraft(),
  );
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [keepKey, setKeepKey] = useState(false);
  const [providerDraft, setProviderDraft] = useState(() => providerDraftFrom(connection));
  const ids = useId();
  const set = <K extends keyof ConnectionDraft>(key: K, value: ConnectionDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setFieldErrors({});
    try {
      const provider = connectionProviderBody(providerDraft, draft.api);
      if (!provider.ok) {
        setFieldErrors(provider.errors);
        throw new Error('Some provider settings need fixing before the connection can be saved.');
      }
      const body = { ...connectionBody(draft, creating), ...provider.fields };
      if (keepKey && keyMove(connection, draft)) body.keepApiKey = true;
      const saved = creating
        ? await api.post<Connection>('/api/connections', body)
        : await api.patch<Connection>(`/api/connections/${encodeURIComponent(connection.id)}`, body);
      onSaved(saved);
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError) {
        setFieldErrors(Object.fromEntries(e.fieldErrors.map((f) => [f.field.split('.')[0], f.message])));
      }
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <span className="error hint" id={`${ids}-${field}-error`}>
        {fieldErrors[field]}
      </span>
    ) : null;
  const hasKey = connection?.hasApiKey ?? false;
  const mode = FUNCTION_CALL_MODES.find((m) => m.value === draft.functionCallingMode);

  return (
    <form
      className="panel form-grid"
      noValidate
      onSubmit={save}
      aria-label={creating ? 'New connection' : `Edit ${connection.name}`}
    >
      <h2>{creating ? 'New connection' : `Edit ${connection.name}`}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {creating && <ConnectionPresetPicker onPick={(preset) => setDraft((d) => applyPreset(d, preset))} />}
      <label>
        Name
        <input
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          required
          maxLength={128}
          aria-invalid={fieldErrors.name ? true : undefined}
        />
        {fieldError('name')}
      </label>
      <label>
        API family
        <select value={draft.api} onChange={(e) => set('api', e.target.value as ConnectionDraft['api'])}>
          {API_FAMILIES.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
        {fieldError('api')}
      </label>
      <label>
        Base URL
        <input
          value={draft.baseUrl}
          onChange={(e) => set('baseUrl', e.target.value)}
          placeholder={draft.api === 'text-completion' ? 'http://127.0.0.1:5001' : 'empty = provider default'}
          inputMode="url"
        />
        {fieldError('baseUrl')}
      </label>
      <div className="field">
        <label>
          Model
          <input value={draft.model} onChange={(e) => set('model', e.target.value)} />
        </label>
        <FetchModels draft={draft} connectionId={connection?.id} onPick={(model) => set('model', model)} />
        {fieldError('model')}
      </div>
      <div className="field">
        <label>
          API key
          <input
            type="password"
            autoComplete="off"
            value={draft.apiKey}
            onChange={(e) => set('apiKey', e.target.value)}
            placeholder={hasKey ? 'leave empty to keep the stored key' : 'not set'}
          />
        </label>
        <div className="row">
          <span className={`pill${hasKey && !draft.clearKey ? ' ok' : ''}`}>
            {draft.apiKey
              ? hasKey
                ? 'New key will replace the stored one on save'
                : 'Key will be stored on save'
              : draft.clearKey
                ? 'Key will be removed on save'
                : hasKey
                  ? 'Key: set'
                  : 'Key: not set'}
          </span>
          {hasKey && !draft.clearKey && (
            <button type="button" onClick={() => setDraft((d) => ({ ...d, clearKey: true, apiKey: '' }))}>
              Clear key
            </button>
          )}
          {draft.clearKey && (
            <button type="button" onClick={() => set('clearKey', false)}>
              Keep key
            </button>
          )}
        </div>
        <span className="hint">The key is stored encrypted and never shown again.</span>
        <KeyOriginNotice connection={connection} draft={draft} keep={keepKey} onKeepChange={setKeepKey} />
        {fieldError('apiKey')}
      </div>
      <fieldset className="field">
        <legend>Function calling</legend>
        <div className="row">
          <Switch
            label="Function calling"
            checked={draft.functionCallingEnabled}
            onChange={(v) => set('functionCallingEnabled', v)}
          />
          <span className="hint">
            {draft.functionCallingEnabled
              ? 'Tools are sent to this connection.'
              : 'Chats on this connection cannot use tools.'}
          </span>
        </div>
        <label>
          Function calling mode
          <select
            value={draft.functionCallingMode}
            onChange={(e) =>
              set('functionCallingMode', e.target.value as ConnectionDraft['functionCallingMode'])
            }
            disabled={!draft.functionCallingEnabled}
          >
            {FUNCTION_CALL_MODES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
          {mode && <span className="hint">{mode.help}</span>}
        </label>
        {fieldError('functionCalling')}
        <ToolCallFormatSelect
          value={draft.toolCallFormat}
          onChange={(v) => set('toolCallFormat', v)}
          disabled={!draft.functionCallingEnabled}
          error={fieldError('toolCallFormat')}
        />
      </fieldset>
      {draft.api === 'text-completion' && (
        <fieldset className="field">
          <legend>Text completion</legend>
          <label>
            Text backend
            <select value={draft.textBackend} onChange={(e) => set('textBackend', e.target.value)}>
              {TEXT_BACKENDS.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </select>
            {fieldError('textBackend')}
          </label>
          <InstructTemplateField
            value={draft.instructTemplate}
            onChange={(v) => set('instructTemplate', v)}
            error={fieldErrors.instructTemplate}
          />
        </fieldset>
      )}
      <VisionField value={draft.vision} onChange={(v) => set('vision', v)} error={fieldErrors.vision} />
      <ConnectionProviderSettings
        api={draft.api}
        value={providerDraft}
        onChange={setProviderDraft}
        errors={fieldErrors}
      />
      <div className="row end">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : creating ? 'Create connection' : 'Save connection'}
        </button>
      </div>
    </form>
  );
}
