import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import type { Chat, Connection } from '../../api/types';

/**
 * The chat's top line, as SillyTavern users expect it: the title, the connection and model (switchable right
 * here), a token estimate of what the next request carries, tool use, and Chat Settings.
 */
export function ChatHeader({
  chat,
  connections,
  tokens,
  drawerOpen,
  onToggleDrawer,
  onSwitchConnection,
}: {
  chat: Chat | null;
  connections: Connection[] | null;
  tokens: number;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  onSwitchConnection: (connectionId: string | null) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [switchError, setSwitchError] = useState<string | null>(null);
  return (
    <div className="chat-header">
      <div className="spread">
        <div className="row">
          <a href="#/chats" className="back-link">
            {t('chat.back')}
          </a>
          <h1>{chat?.title ?? t('title.chat')}</h1>
        </div>
        <div className="row">
          {chat && (
            <span className={`pill${chat.settings.toolUse ? ' ok' : ''}`}>
              {chat.settings.toolUse ? t('chat.toolUseOn') : t('chat.toolUseOff')}
            </span>
          )}
          <button
            type="button"
            onClick={onToggleDrawer}
            aria-expanded={drawerOpen}
            aria-controls="chat-settings"
            disabled={!chat}
          >
            {t('chat.settings')}
          </button>
        </div>
      </div>
      {chat && (
        <div className="row chat-meta">
          {connections && (
            <label className="chat-connection">
              <span className="visually-hidden">{t('chat.connection')}</span>
              <select
                aria-label={t('chat.connection')}
                value={chat.connectionId ?? ''}
                onChange={async (e) => {
                  setSwitchError(null);
                  try {
                    await onSwitchConnection(e.target.value || null);
                  } catch (err) {
                    setSwitchError(errorMessage(err));
                  }
                }}
              >
                <option value="">{t('chat.noConnection')}</option>
                {connections.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} · {c.model}
                  </option>
                ))}
              </select>
            </label>
          )}
          <span className="pill" title={t('chat.tokensHint')}>
            {t('chat.tokens', { count: tokens, formattedCount: tokens.toLocaleString(i18n.language) })}
          </span>
          {switchError && (
            <span className="error hint" role="alert">
              {switchError}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
