import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Connection } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { connectionProviderBody, providerDraftFrom } from '../../components/provider-settings/provider-draft';
import { Switch } from '../../components/Switch';
import { useFormSave } from '../../components/use-form-save';
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
import { ReasoningTagsField } from './ReasoningTagsField';
import { ReplyReasoningField } from './ReplyReasoningField';
import { ToolCallFormatSelect } from './ToolCallFormatSelect';
import { VisionField } from './VisionField';

/** A server error on a nested field (thinking.effort) shows on its section's field. */
const sectionOf = (field: string) => field.split('.')[0];

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
  const { t } = useTranslation();
  const creating = connection === null;
  const [draft, setDraft] = useState<ConnectionDraft>(() =>
    connection ? draftFrom(connection) : emptyDraft(),
  );
  const { error, setError, fieldErrors, setFieldErrors, saving, submit } = useFormSave(sectionOf);
  const [keepKey, setKeepKey] = useState(false);
  const [providerDraft, setProviderDraft] = useState(() => providerDraftFrom(connection));
  const ids = useId();
  const set = <K extends keyof ConnectionDraft>(key: K, value: ConnectionDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    await submit(async () => {
      const provider = connectionProviderBody(providerDraft, draft.api);
      if (!provider.ok) {
        setFieldErrors(provider.errors);
        throw new Error(t('connections.form.providerNeedsFixing'));
      }
      const body = { ...connectionBody(draft, creating), ...provider.fields };
      if (keepKey && keyMove(connection, draft)) body.keepApiKey = true;
      const saved = creating
        ? await api.post<Connection>('/api/connections', body)
        : await api.patch<Connection>(`/api/connections/${encodeURIComponent(connection.id)}`, body);
      onSaved(saved);
    });
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
      aria-label={creating ? t('connections.new') : t('connections.editNamed', { name: connection.name })}
    >
      <h2>{creating ? t('connections.new') : t('connections.editNamed', { name: connection.name })}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {creating && <ConnectionPresetPicker onPick={(preset) => setDraft((d) => applyPreset(d, preset))} />}
      <label>
        {t('connections.form.name')}
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
        {t('connections.form.api')}
        <select value={draft.api} onChange={(e) => set('api', e.target.value as ConnectionDraft['api'])}>
          {API_FAMILIES.map((f) => (
            <option key={f.value} value={f.value}>
              {t(`connections.family.${f.value}`)}
            </option>
          ))}
        </select>
        {fieldError('api')}
      </label>
      <label>
        {t('connections.form.baseUrl')}
        <input
          value={draft.baseUrl}
          onChange={(e) => set('baseUrl', e.target.value)}
          placeholder={
            draft.api === 'text-completion' ? 'http://127.0.0.1:5001' : t('connections.form.baseUrlDefault')
          }
          inputMode="url"
        />
        {fieldError('baseUrl')}
      </label>
      <div className="field">
        <label>
          {t('connections.form.model')}
          <input value={draft.model} onChange={(e) => set('model', e.target.value)} />
        </label>
        <FetchModels draft={draft} connectionId={connection?.id} onPick={(model) => set('model', model)} />
        {fieldError('model')}
      </div>
      <div className="field">
        <label>
          {t('connections.form.apiKey')}
          <input
            type="password"
            autoComplete="off"
            value={draft.apiKey}
            onChange={(e) => set('apiKey', e.target.value)}
            placeholder={
              hasKey ? t('connections.form.keyKeepPlaceholder') : t('connections.form.keyNotSetPlaceholder')
            }
          />
        </label>
        <div className="row">
          <span className={`pill${hasKey && !draft.clearKey ? ' ok' : ''}`}>
            {draft.apiKey
              ? hasKey
                ? t('connections.form.keyReplaced')
                : t('connections.form.keyStored')
              : draft.clearKey
                ? t('connections.form.keyRemoved')
                : hasKey
                  ? t('connections.keySet')
                  : t('connections.keyNotSet')}
          </span>
          {hasKey && !draft.clearKey && (
            <button type="button" onClick={() => setDraft((d) => ({ ...d, clearKey: true, apiKey: '' }))}>
              {t('connections.form.clearKey')}
            </button>
          )}
          {draft.clearKey && (
            <button type="button" onClick={() => set('clearKey', false)}>
              {t('connections.form.keepKey')}
            </button>
          )}
        </div>
        <span className="hint">{t('connections.form.keyHint')}</span>
        <KeyOriginNotice connection={connection} draft={draft} keep={keepKey} onKeepChange={setKeepKey} />
        {fieldError('apiKey')}
      </div>
      <fieldset className="field">
        <legend>{t('connections.form.functionCalling')}</legend>
        <div className="switch-row">
          <Switch
            label={t('connections.form.functionCalling')}
            checked={draft.functionCallingEnabled}
            onChange={(v) => set('functionCallingEnabled', v)}
          />
          <span className="hint">
            {draft.functionCallingEnabled
              ? t('connections.form.toolsSent')
              : t('connections.form.toolsNotSent')}
          </span>
        </div>
        <label>
          {t('connections.form.functionCallingMode')}
          <select
            value={draft.functionCallingMode}
            onChange={(e) =>
              set('functionCallingMode', e.target.value as ConnectionDraft['functionCallingMode'])
            }
            disabled={!draft.functionCallingEnabled}
          >
            {FUNCTION_CALL_MODES.map((m) => (
              <option key={m.value} value={m.value}>
                {t(`connections.mode.${m.value}`)}
              </option>
            ))}
          </select>
          {mode && <span className="hint">{t(`connections.mode.${mode.value}Help`)}</span>}
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
          <legend>{t('connections.form.textCompletion')}</legend>
          <label>
            {t('connections.form.textBackend')}
            <select value={draft.textBackend} onChange={(e) => set('textBackend', e.target.value)}>
              {TEXT_BACKENDS.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.value === ''
                    ? t('connections.form.backendDefault')
                    : b.value === 'openai-completions'
                      ? t('connections.form.backendOpenai')
                      : b.value === 'llamacpp'
                        ? t('connections.form.backendLlamacpp')
                        : b.label}
                </option>
              ))}
            </select>
            {fieldError('textBackend')}
          </label>
          <InstructTemplateField
            value={draft.instructTemplate}
            model={draft.model}
            onChange={(v) => set('instructTemplate', v)}
            error={fieldErrors.instructTemplate}
          />
        </fieldset>
      )}
      <VisionField value={draft.vision} onChange={(v) => set('vision', v)} error={fieldErrors.vision} />
      <ReplyReasoningField
        value={draft.replyStartsInReasoning}
        model={draft.model}
        onChange={(v) => set('replyStartsInReasoning', v)}
        error={fieldErrors.replyStartsInReasoning}
      />
      <ReasoningTagsField
        open={draft.reasoningOpen}
        close={draft.reasoningClose}
        onChange={(v) => setDraft((d) => ({ ...d, reasoningOpen: v.open, reasoningClose: v.close }))}
        error={fieldErrors.reasoningTags}
      />
      <ConnectionProviderSettings
        api={draft.api}
        value={providerDraft}
        onChange={setProviderDraft}
        errors={fieldErrors}
      />
      <div className="row end">
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving
            ? t('connections.form.saving')
            : creating
              ? t('connections.form.create')
              : t('connections.form.save')}
        </button>
      </div>
    </form>
  );
}
