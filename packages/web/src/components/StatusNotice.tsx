import { useTranslation } from 'react-i18next';

/** A short confirmation ("Saved “emulated”.") announced to screen readers; dismissible. */
export function StatusNotice({ message, onDismiss }: { message: string | null; onDismiss?: () => void }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div className="banner info" role="status">
      <span>{message}</span>
      {onDismiss && (
        <button type="button" className="link" onClick={onDismiss} aria-label={t('common.dismiss')}>
          ×
        </button>
      )}
    </div>
  );
}
