import { Trans, useTranslation } from 'react-i18next';
import type { Persona } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLink } from '../../components/PageLink';
import { usePickList } from '../../components/use-pick-list';
import { i18n } from '../../i18n/i18n';

const pickPersonas = (a: { personas: Persona[] }) => a.personas;
const loadFailed = (message: string) => i18n.t('chatSettings.persona.loadFailed', { message });

/** Chat Settings › Persona: who the user plays in this chat. */
export function ChatPersonaSelect({
  personaId,
  onChange,
}: {
  personaId: string | null;
  onChange: (personaId: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const pick = usePickList('/api/personas', pickPersonas, loadFailed);
  const personas = pick.items;

  return (
    <>
      <ErrorBanner error={pick.error} onDismiss={pick.dismissError} />
      <label>
        {t('chatSettings.persona.label')}
        <select
          value={personaId ?? ''}
          disabled={pick.busy || personas === null}
          onChange={(e) => {
            const id = e.target.value || null;
            void pick.change(() => onChange(id));
          }}
        >
          <option value="">{t('chatSettings.persona.none')}</option>
          {personaId && personas && !personas.some((p) => p.id === personaId) && (
            <option value={personaId}>{t('chatSettings.persona.current')}</option>
          )}
          {personas?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {personas?.length === 0 && (
        <p className="hint">
          <Trans
            i18nKey="chatSettings.persona.empty"
            components={{ create: <PageLink href="#/personas" /> }}
          />
        </p>
      )}
    </>
  );
}
