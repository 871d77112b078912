import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { Chat, ChatToolList } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ToolPickerDialog } from '../../components/tool-picker/ToolPickerDialog';
import { KIND_LABELS } from '../../components/tool-picker/tool-groups';
import type { ChatPatch } from './ChatSettingsDrawer';
import {
  chatPickerGroups,
  chatPickerTicked,
  chatSettingsFromTicked,
  offeredCharacterTools,
} from './tool-picker';

/**
 * "Functions in this chat": the chat's own list with Remove, the line of character tools that come along,
 * and "Choose Functions" — the picker with every source in its group. What it shows comes from
 * `GET /api/chats/:id/tools`, the same rules a generation uses.
 */
export function ChatFunctionsList({
  chat,
  disabled,
  onUpdate,
}: {
  chat: Chat;
  disabled: boolean;
  onUpdate: (patch: ChatPatch) => Promise<void>;
}) {
  const [list, setList] = useState<ChatToolList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const path = `/api/chats/${encodeURIComponent(chat.id)}/tools`;

  const load = useCallback(() => {
    api
      .get<ChatToolList>(path)
      .then((answer) => {
        setList(answer);
        setError(null);
      })
      .catch((e) => setError(`Could not load the functions: ${errorMessage(e)}`));
  }, [path]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again whenever the chat changes (its settings, characters, connection)
  useEffect(load, [load, chat]);

  const chosen = chat.settings.tools;
  const entryFor = (name: string) =>
    list?.groups
      .filter((g) => g.kind !== 'character' && g.kind !== 'orchestration')
      .flatMap((g) => g.tools)
      .find((t) => t.name === name);
  const characterTools = list ? offeredCharacterTools(list) : [];
  const characterNames = [...new Set(characterTools.map((t) => t.character))];
  const switchedOff = chat.settings.characterToolsOff ?? [];

  const save = async (patch: ChatPatch) => {
    setError(null);
    try {
      await onUpdate(patch);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <>
      <div className="spread">
        <h4>Functions in this chat</h4>
        <button type="button" onClick={() => setPicking(true)} disabled={disabled || list === null}>
          Choose Functions
        </button>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {chosen.length === 0 ? (
        <p className="hint">None picked: every globally enabled function is available in this chat.</p>
      ) : (
        <ul className="chat-tools" aria-label="Functions in this chat">
          {chosen.map((name) => {
            const entry = entryFor(name);
            return (
              <li key={name} className="spread">
                <span className="row">
                  <strong>{name}</strong>
                  {entry && <span className="pill">{KIND_LABELS[entry.kind] ?? entry.kind}</span>}
                  {entry && !entry.enabled && <span className="pill amber">Off globally</span>}
                  {list && !entry && <span className="pill danger">Missing</span>}
                </span>
                <button
                  type="button"
                  className="link"
                  aria-label={`Remove ${name}`}
                  disabled={disabled}
                  onClick={() => save({ settings: { tools: chosen.filter((n) => n !== name) } })}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {characterTools.length > 0 && (
        <p className="hint character-tools-line" title={characterTools.map((t) => t.name).join(', ')}>
          <strong>
            {characterTools.length === 1 ? '+1 character tool' : `+${characterTools.length} character tools`}
          </strong>{' '}
          from {characterNames.join(', ')}: {characterTools.map((t) => t.name).join(', ')}
        </p>
      )}
      {switchedOff.length > 0 && list?.groups.some((g) => g.kind === 'character') && (
        <p className="hint">
          {switchedOff.length === 1
            ? '1 character tool is switched off in this chat.'
            : `${switchedOff.length} character tools are switched off in this chat.`}
        </p>
      )}
      {picking && list && (
        <ToolPickerDialog
          title="Choose Functions"
          groups={chatPickerGroups(list)}
          initial={chatPickerTicked(list, chat.settings)}
          onCancel={() => setPicking(false)}
          onApply={(ticked) => {
            setPicking(false);
            void save({ settings: chatSettingsFromTicked(list, chat.settings, ticked) });
          }}
        />
      )}
    </>
  );
}
