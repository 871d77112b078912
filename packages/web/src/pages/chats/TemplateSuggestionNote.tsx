import { templateToOffer } from '@toolsmith/core/schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Connection } from '../../api/types';

type FixState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** Remembers, per connection, that its note was dismissed (it would otherwise come back in every chat). */
const dismissedKey = (connectionId: string) => `toolsmith.templateSuggestion.dismissed.${connectionId}`;

/**
 * A text-completion connection that never chose an instruct template sends ChatML, while its model name points
 * to a family with a template of its own (a connection made before the form offered it, or through the API):
 * says so above the composer, and sets that template in one click. A template chosen on purpose, ChatML
 * included, is never questioned.
 */
export function TemplateSuggestionNote({
  connection,
  onConnectionChanged,
}: {
  connection: Connection;
  onConnectionChanged: () => void;
}) {
  const { t } = useTranslation();
  const [fix, setFix] = useState<FixState>({ kind: 'idle' });
  const [dismissed, setDismissed] = useState(
    () => localStorage.getItem(dismissedKey(connection.id)) !== null,
  );
  const suggestion =
    connection.api === 'text-completion' && !connection.instructTemplate
      ? templateToOffer(connection.model, '')
      : undefined;
  if (fix.kind !== 'done' && (dismissed || !suggestion)) return null;
  const name = connection.name;
  const apply = async () => {
    if (!suggestion) return;
    setFix({ kind: 'saving' });
    try {
      await api.patch(`/api/connections/${encodeURIComponent(connection.id)}`, {
        instructTemplate: suggestion.value,
      });
      setFix({ kind: 'done' });
      onConnectionChanged();
    } catch (e) {
      setFix({ kind: 'failed', message: errorMessage(e) });
    }
  };
  const dismiss = () => {
    localStorage.setItem(dismissedKey(connection.id), '1');
    setDismissed(true);
  };
  return (
    <div className="banner info template-suggestion" role="note">
      <span className="grow">
        {fix.kind === 'done'
          ? t('chat.templateSuggestionDone', { name, label: suggestion?.label ?? '' })
          : t('chat.templateSuggestion', { name, model: connection.model, label: suggestion?.label ?? '' })}
        {fix.kind === 'failed' && <> {t('chat.reasoningFixFailed', { name, message: fix.message })}</>}
      </span>
      {fix.kind !== 'done' && (
        <>
          <button type="button" onClick={apply} disabled={fix.kind === 'saving'}>
            {t('instructEditor.useSuggested')}
          </button>
          <button
            type="button"
            className="link"
            onClick={dismiss}
            aria-label={t('chat.templateSuggestionDismiss')}
          >
            ×
          </button>
        </>
      )}
    </div>
  );
}
