import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import type { Character } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useApiGet } from '../../components/use-api-get';
import { i18n } from '../../i18n/i18n';

/** Chat Settings › Characters: one character, or several for a group chat. */
export function ChatCharactersSelect({
  characterIds,
  onChange,
}: {
  characterIds: string[];
  onChange: (characterIds: string[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const loaded = useApiGet<{ characters: Character[] }>('/api/characters');
  const characters = loaded.data?.characters ?? null;
  const [changeError, setError] = useState<string | null>(null);
  const error =
    changeError ?? (loaded.error && i18n.t('chatSettings.characters.loadFailed', { message: loaded.error }));
  const [busy, setBusy] = useState(false);

  const toggle = async (id: string, on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await onChange(on ? [...characterIds, id] : characterIds.filter((x) => x !== id));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ErrorBanner
        error={error}
        onDismiss={() => {
          setError(null);
          loaded.setError(null);
        }}
      />
      {characters?.length === 0 ? (
        <p className="hint">
          <Trans
            i18nKey="chatSettings.characters.none"
            components={{ create: <PageLink href="#/characters" /> }}
          />
        </p>
      ) : (
        <fieldset className="field">
          <legend>{t('chatSettings.characters.legend')}</legend>
          {characters === null && !error && <span className="hint">{t('common.loading')}</span>}
          {characters?.map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={characterIds.includes(c.id)}
                disabled={busy}
                onChange={(e) => void toggle(c.id, e.target.checked)}
              />
              <span translate="no">{c.name}</span>
            </label>
          ))}
          {characterIds.length > 1 && <span className="hint">{t('chatSettings.characters.group')}</span>}
        </fieldset>
      )}
    </>
  );
}

/** The link a translated sentence wraps around its own words (Trans fills in the children). */
function PageLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return <a href={href}>{children}</a>;
}
