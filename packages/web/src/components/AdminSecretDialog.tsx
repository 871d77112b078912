import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onAdminSecretNeeded, setAdminSecret } from '../api/client';

/**
 * Asks for the admin secret once, when the server says a call needs it; the secret is kept for the tab
 * (sessionStorage). `onSaved(reload)`: `reload` is true when a read was refused, so the page should load again.
 */
export function AdminSecretDialog({ onSaved }: { onSaved?: (reload: boolean) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<'required' | 'invalid' | 'limited' | null>(null);
  const [refusedRead, setRefusedRead] = useState(false);
  const [limitMessage, setLimitMessage] = useState('');
  const [value, setValue] = useState('');

  useEffect(
    () =>
      onAdminSecretNeeded((why, refused) => {
        setReason(why);
        if (why === 'limited') setLimitMessage(refused.message);
        if (refused.read) setRefusedRead(true);
      }),
    [],
  );
  if (!reason) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdminSecret(value.trim() || null);
    setValue('');
    setReason(null);
    setRefusedRead(false);
    onSaved?.(refusedRead);
  };

  return (
    <div className="modal-backdrop">
      <form
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="admin-secret-title"
        onSubmit={submit}
      >
        <h2 id="admin-secret-title">{t('adminSecret.title')}</h2>
        {reason === 'limited' ? (
          <p className="error" role="alert">
            {limitMessage}
          </p>
        ) : reason === 'invalid' ? (
          <p className="error" role="alert">
            {t('adminSecret.wrong')}
          </p>
        ) : (
          <p>{refusedRead ? t('adminSecret.required') : t('adminSecret.requiredForChanges')}</p>
        )}
        <label>
          {t('adminSecret.label')}
          <input type="password" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
        </label>
        <div className="row end">
          <button type="button" onClick={() => setReason(null)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="primary">
            {t('adminSecret.save')}
          </button>
        </div>
        <p className="hint">{refusedRead ? t('adminSecret.reloads') : t('adminSecret.repeat')}</p>
      </form>
    </div>
  );
}
