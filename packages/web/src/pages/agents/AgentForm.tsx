import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Agent, Connection, Preset } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useFormSave } from '../../components/use-form-save';
import { PinnedToolsPicker } from './profile/PinnedToolsPicker';

/** Create or edit an agent: name, connection and preset, system prompt, pinned tools. */
export function AgentForm({
  agent,
  connections,
  presets,
  onSaved,
  onCancel,
}: {
  agent: Agent | null;
  connections: Connection[];
  presets: Preset[];
  onSaved: (saved: Agent) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const creating = agent === null;
  const [name, setName] = useState(agent?.name ?? '');
  const [connectionId, setConnectionId] = useState(agent?.connectionId ?? '');
  const [presetId, setPresetId] = useState(agent?.presetId ?? '');
  const [systemPrompt, setSystemPrompt] = useState(agent?.systemPrompt ?? '');
  const [tools, setTools] = useState<string[]>(agent?.tools ?? []);
  const { error, setError, fieldErrors, saving, submit } = useFormSave();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    await submit(async () => {
      const body = {
        name: name.trim(),
        connectionId: connectionId || null,
        presetId: presetId || null,
        systemPrompt,
        tools,
      };
      onSaved(
        creating
          ? await api.post<Agent>('/api/agents', body)
          : await api.patch<Agent>(`/api/agents/${encodeURIComponent(agent.id)}`, body),
      );
    });
  };

  const title = creating ? t('agents.new') : t('agents.editNamed', { name: agent.name });
  const fieldError = (field: string) =>
    fieldErrors[field] ? <span className="error hint">{fieldErrors[field]}</span> : null;

  return (
    <form className="panel form-grid" noValidate onSubmit={save} aria-label={title}>
      <h2>{title}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <label>
        {t('agents.form.name')}
        <input value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        <span className="hint">{t('agents.form.nameHint')}</span>
        {fieldError('name')}
      </label>
      <label>
        {t('agents.form.connection')}
        <select value={connectionId} onChange={(e) => setConnectionId(e.target.value)}>
          <option value="">{t('agents.chatConnection')}</option>
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {fieldError('connectionId')}
      </label>
      <label>
        {t('agents.form.preset')}
        <select value={presetId} onChange={(e) => setPresetId(e.target.value)}>
          <option value="">{t('drawer.providerDefaults')}</option>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {fieldError('presetId')}
      </label>
      <label className="wide">
        {t('agents.form.systemPrompt')}
        <textarea rows={4} value={systemPrompt} onChange={(e) => setSystemPrompt(e.target.value)} />
        {fieldError('systemPrompt')}
      </label>
      <div className="wide">
        <PinnedToolsPicker label={t('agents.form.pinned')} value={tools} onChange={setTools} />
        <span className="hint">{t('agents.form.pinnedHint')}</span>
        {fieldError('tools')}
      </div>
      <div className="row end">
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('agents.form.saving') : creating ? t('agents.form.create') : t('agents.form.save')}
        </button>
      </div>
    </form>
  );
}
