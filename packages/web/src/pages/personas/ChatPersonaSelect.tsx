import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import type { Persona } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useApiGet } from '../../components/use-api-get';
import { i18n } from '../../i18n/i18n';

/** Chat Settings › Persona: who the user plays in this chat. */
export function ChatPersonaSelect({
  personaId,
  onChange,
}: {
  personaId: string | null;
  onChange: (personaId: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const loaded = useApiGet<{ personas: Persona[] }>('/api/personas');
  const personas = loaded.data?.personas ?? null;
  const [changeError, setError] = useState<string | null>(null);
  const error =
    changeError ?? (loaded.error && i18n.t('chatSettings.persona.loadFailed', { message: loaded.error }));
  const [busy, setBusy] = useState(false);

  const change = async (id: string | null) => {
    setBusy(true);
    setError(null);
    try {
      await onChange(id);
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
      <label>
        {t('chatSettings.persona.label')}
        <select
          value={personaId ?? ''}
          disabled={busy || personas === null}
          onChange={(e) => void change(e.target.value || null)}
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

/** The link a translated sentence wraps around its own words (Trans fills in the children). */
function PageLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return <a href={href}>{children}</a>;
}
