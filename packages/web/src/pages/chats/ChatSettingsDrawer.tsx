import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Chat, ChatBody, Connection, Preset } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';
import { ChatWorldInfoSection } from '../lorebooks/ChatWorldInfoSection';
import { ChatPersonaSelect } from '../personas/ChatPersonaSelect';
import { ChatOrchestrationSection } from '../simulation/ChatOrchestrationSection';
import { ChatCharactersSelect } from './ChatCharactersSelect';
import { ChatFunctionsList } from './ChatFunctionsList';
import { ConnectionsLink } from './ConnectionsLink';
import { ConnectionToolsNotice, toolsInactive } from './ConnectionToolsNotice';

/** `PATCH /api/chats/:id`: only the sent fields change. */
export type ChatPatch = ChatBody;

/**
 * Chat Settings: connection, preset and the Function Calling section. Every change is saved at once; a failed
 * save is shown here with the server's message and the controls keep the stored value.
 */
export function ChatSettingsDrawer({
  chat,
  connections,
  presets,
  loadError,
  onRetryLoad,
  onUpdate,
  onClose,
}: {
  chat: Chat;
  connections: Connection[] | null;
  presets: Preset[] | null;
  loadError: string | null;
  onRetryLoad: () => void;
  onUpdate: (patch: ChatPatch) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLElement>(null);

  // Opening the drawer moves keyboard focus into it; Escape closes it (the picker handles its own Escape).
  useEffect(() => panel.current?.focus(), []);

  const update = async (patch: ChatPatch) => {
    setBusy(true);
    setError(null);
    try {
      await onUpdate(patch);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const connection = connections?.find((c) => c.id === chat.connectionId) ?? null;
  // the connection has function calling off: every tool control is shown inactive, with the reason
  const inactive = toolsInactive(connection);
  const chosen = chat.settings.tools;

  return (
    <aside
      className="drawer"
      aria-label={t('chat.settings')}
      ref={panel}
      tabIndex={-1}
      onKeyDown={(e) => {
        // a dialog inside (the tool picker) handles its own Escape and stops it there
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="spread">
        <h2>{t('chat.settings')}</h2>
        <button type="button" onClick={onClose} aria-label={t('drawer.closeLabel')}>
          {t('drawer.close')}
        </button>
      </div>
      {loadError && (
        <div className="field">
          <ErrorBanner error={loadError} />
          <button type="button" onClick={onRetryLoad}>
            {t('drawer.retryLoading')}
          </button>
        </div>
      )}
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <label>
        {t('chat.connection')}
        <select
          value={chat.connectionId ?? ''}
          disabled={busy || connections === null}
          onChange={(e) => update({ connectionId: e.target.value || null })}
        >
          <option value="">{t('chat.noConnection')}</option>
          {/* A chat may point at a connection this list could not load; keep it selectable. */}
          {chat.connectionId && !connection && (
            <option value={chat.connectionId}>{t('drawer.currentConnection')}</option>
          )}
          {connections?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {connections?.length === 0 && (
        <p className="hint">
          <Trans i18nKey="drawer.noConnections" components={{ create: <ConnectionsLink /> }} />
        </p>
      )}
      <label>
        {t('drawer.preset')}
        <select
          value={chat.presetId ?? ''}
          disabled={busy || presets === null}
          onChange={(e) => update({ presetId: e.target.value || null })}
        >
          <option value="">{t('drawer.providerDefaults')}</option>
          {chat.presetId && !presets?.some((p) => p.id === chat.presetId) && (
            <option value={chat.presetId}>{t('drawer.currentPreset')}</option>
          )}
          {presets?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>

      {/* Characters, persona and world info (issue 6) save through the same PATCH; errors show in their own sections. */}
      <ChatCharactersSelect
        characterIds={chat.characterIds ?? []}
        onChange={(characterIds) => onUpdate({ characterIds })}
      />
      <ChatPersonaSelect
        personaId={chat.personaId ?? null}
        onChange={(personaId) => onUpdate({ personaId })}
      />
      <ChatWorldInfoSection
        chatId={chat.id}
        characterIds={chat.characterIds}
        settings={chat.settings}
        onChange={(settings) => onUpdate({ settings })}
      />
      <ChatOrchestrationSection
        chatId={chat.id}
        setting={chat.settings.orchestration}
        onChange={(orchestration) => onUpdate({ settings: { orchestration } })}
      />

      <section
        className={`drawer-section${inactive ? ' tools-inactive' : ''}`}
        aria-labelledby="function-calling-heading"
      >
        <h3 id="function-calling-heading">{t('drawer.functionCalling')}</h3>
        <div className="switch-row">
          <div>
            <div className="switch-title">{t('drawer.enableToolUse')}</div>
            <div className="hint">{t('drawer.enableToolUseHint')}</div>
          </div>
          <Switch
            label={t('drawer.enableToolUse')}
            checked={chat.settings.toolUse}
            disabled={busy || inactive}
            onChange={(toolUse) => update({ settings: { toolUse } })}
          />
        </div>
        <ConnectionToolsNotice connection={connection} />
        <div className="switch-row">
          <div>
            <div className="switch-title">{t('drawer.askWriteTools')}</div>
            <div className="hint">{t('drawer.askWriteToolsHint')}</div>
          </div>
          <Switch
            label={t('drawer.askWriteTools')}
            checked={chat.settings.approveWriteTools === true}
            disabled={busy || inactive}
            onChange={(approveWriteTools) => update({ settings: { approveWriteTools } })}
          />
        </div>
        <ChatFunctionsList chat={chat} disabled={busy || inactive} onUpdate={onUpdate} />
        {!chat.settings.toolUse && chosen.length > 0 && <p className="hint">{t('drawer.toolUseOffKept')}</p>}
      </section>
    </aside>
  );
}
