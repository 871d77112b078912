import { Trans, useTranslation } from 'react-i18next';
import type { Character } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLink } from '../../components/PageLink';
import { usePickList } from '../../components/use-pick-list';
import { i18n } from '../../i18n/i18n';

const pickCharacters = (a: { characters: Character[] }) => a.characters;
const loadFailed = (message: string) => i18n.t('chatSettings.characters.loadFailed', { message });

/** Chat Settings › Characters: one character, or several for a group chat. */
export function ChatCharactersSelect({
  characterIds,
  onChange,
}: {
  characterIds: string[];
  onChange: (characterIds: string[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const pick = usePickList('/api/characters', pickCharacters, loadFailed);
  const characters = pick.items;

  const toggle = (id: string, on: boolean) =>
    pick.change(() => onChange(on ? [...characterIds, id] : characterIds.filter((x) => x !== id)));

  return (
    <>
      <ErrorBanner error={pick.error} onDismiss={pick.dismissError} />
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
          {characters === null && !pick.error && <span className="hint">{t('common.loading')}</span>}
          {characters?.map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={characterIds.includes(c.id)}
                disabled={pick.busy}
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
