import { useState } from 'react';
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
  const [switchError, setSwitchError] = useState<string | null>(null);
  const current = connections?.find((c) => c.id === chat?.connectionId);
  return (
    <div className="chat-header">
      <div className="spread">
        <div className="row">
          <a href="#/chats" className="back-link">
            ← Chats
          </a>
          <h1>{chat?.title ?? 'Chat'}</h1>
        </div>
        <div className="row">
          {chat && (
            <span className={`pill${chat.settings.toolUse ? ' ok' : ''}`}>
              {chat.settings.toolUse ? 'Tool use on' : 'Tool use off'}
            </span>
          )}
          <button
            type="button"
            onClick={onToggleDrawer}
            aria-expanded={drawerOpen}
            aria-controls="chat-settings"
            disabled={!chat}
          >
            Chat Settings
          </button>
        </div>
      </div>
      {chat && (
        <div className="row chat-meta">
          {connections && (
            <label className="chat-connection">
              <span className="visually-hidden">Connection</span>
              <select
                aria-label="Connection"
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
                <option value="">No connection</option>
                {connections.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} · {c.model}
                  </option>
                ))}
              </select>
            </label>
          )}
          {!connections && current === undefined && chat.connectionId && (
            <span className="hint">Connection {chat.connectionId}</span>
          )}
          <span
            className="pill"
            title="Estimated size of the next request: the messages shown here and your draft (about 4 characters per token, 1 per CJK character). The system prompt, character card, world info and tool definitions add to it."
          >
            ≈ {tokens.toLocaleString()} tokens
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
