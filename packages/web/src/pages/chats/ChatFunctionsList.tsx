import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Chat, ChatToolList } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useFlashState } from '../../components/flash';
import { ToolPickerDialog } from '../../components/tool-picker/ToolPickerDialog';
import { KIND_LABELS } from '../../components/tool-picker/tool-groups';
import { i18n } from '../../i18n/i18n';
import type { ChatPatch } from './ChatSettingsDrawer';
import { startNewToolForChat } from './new-tool-for-chat';
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
  const { t } = useTranslation();
  const [list, setList] = useState<ChatToolList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // "Saved x and switched it on in …" after a function made from the picker
  const [flash, setFlash] = useFlashState();
  const path = `/api/chats/${encodeURIComponent(chat.id)}/tools`;

  const load = useCallback(() => {
    api
      .get<ChatToolList>(path)
      .then((answer) => {
        setList(answer);
        setError(null);
      })
      .catch((e) => setError(i18n.t('chatTools.loadFailed', { message: errorMessage(e) })));
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
        <h4>{t('chatTools.heading')}</h4>
        <button type="button" onClick={() => setPicking(true)} disabled={disabled || list === null}>
          {t('chatTools.choose')}
        </button>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {flash && (
        <p className="hint spread" role="status">
          <span>{flash}</span>
          <button type="button" className="link" onClick={() => setFlash(null)}>
            Dismiss
          </button>
        </p>
      )}
      {chosen.length === 0 ? (
        <p className="hint">{t('chatTools.nonePicked')}</p>
      ) : (
        <ul className="chat-tools" aria-label={t('chatTools.heading')}>
          {chosen.map((name) => {
            const entry = entryFor(name);
            return (
              <li key={name} className="spread">
                <span className="row">
                  <strong translate="no">{name}</strong>
                  {entry && (
                    <span className="pill">
                      {t(`functions.kind.${entry.kind}`, {
                        defaultValue: KIND_LABELS[entry.kind] ?? entry.kind,
                      })}
                    </span>
                  )}
                  {entry && !entry.enabled && (
                    <span className="pill amber">{t('chatTools.offGlobally')}</span>
                  )}
                  {list && !entry && <span className="pill danger">{t('chatTools.missing')}</span>}
                </span>
                <button
                  type="button"
                  className="link"
                  aria-label={t('chatTools.removeNamed', { name })}
                  disabled={disabled}
                  onClick={() => save({ settings: { tools: chosen.filter((n) => n !== name) } })}
                >
                  {t('chatTools.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {characterTools.length > 0 && (
        <p className="hint character-tools-line" title={characterTools.map((t) => t.name).join(', ')}>
          <strong>{t('chatTools.characterTools', { count: characterTools.length })}</strong>{' '}
          <span translate="no">
            {t('chatTools.characterToolsFrom', {
              names: characterNames.join(', '),
              tools: characterTools.map((tool) => tool.name).join(', '),
            })}
          </span>
        </p>
      )}
      {switchedOff.length > 0 && list?.groups.some((g) => g.kind === 'character') && (
        <p className="hint">{t('chatTools.switchedOff', { count: switchedOff.length })}</p>
      )}
      {picking && list && (
        <ToolPickerDialog
          title={t('chatTools.choose')}
          groups={chatPickerGroups(list)}
          initial={chatPickerTicked(list, chat.settings)}
          onCancel={() => setPicking(false)}
          onApply={(ticked) => {
            setPicking(false);
            void save({ settings: chatSettingsFromTicked(list, chat.settings, ticked) });
          }}
          extraActions={(ticked) => (
            <button
              type="button"
              onClick={async () => {
                // the boxes ticked so far are kept, then the editor opens; saving brings the user back here
                setPicking(false);
                const settings = chatSettingsFromTicked(list, chat.settings, ticked);
                const same =
                  JSON.stringify(settings.tools) === JSON.stringify(chat.settings.tools) &&
                  JSON.stringify(settings.characterToolsOff) ===
                    JSON.stringify(chat.settings.characterToolsOff ?? []);
                if (!same) await save({ settings });
                startNewToolForChat(chat);
              }}
            >
              {t('chatTools.newFunction.button')}
            </button>
          )}
        />
      )}
    </>
  );
}
