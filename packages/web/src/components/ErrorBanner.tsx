import { useTranslation } from 'react-i18next';

/** Shows a failure the server reported, with its own message. Nothing fails silently. */
export function ErrorBanner({ error, onDismiss }: { error: string | null; onDismiss?: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div className="banner error" role="alert">
      <span>{error}</span>
      {onDismiss && (
        <button type="button" className="link" onClick={onDismiss} aria-label={t('common.dismissError')}>
          ×
        </button>
      )}
    </div>
  );
}
