import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';

/** The save's failure above the form, with one line per refused field when there are several. */
export function SaveErrorBanner({
  error,
  details,
  onDismiss,
}: {
  error: string;
  details: string[];
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="banner error" role="alert">
      <div>
        <p className="banner-title">{t('functions.editor.notSaved', { message: error })}</p>
        {details.length > 0 && (
          <ul>
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="link" onClick={onDismiss} aria-label={t('common.dismissError')}>
        ×
      </button>
    </div>
  );
}

/** Leaving with unsaved changes: keep editing, discard, or save and go. */
export function LeaveDialog({
  saving,
  failed,
  saveError,
  onKeep,
  onDiscard,
  onSaveAndClose,
}: {
  saving: boolean;
  /** Save & close did not save */
  failed: boolean;
  saveError: string | null;
  onKeep: () => void;
  onDiscard: () => void;
  onSaveAndClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('functions.editor.unsaved')}
      onCancel={onKeep}
      actions={
        <>
          <button type="button" onClick={onKeep} data-autofocus>
            {t('functions.editor.keepEditing')}
          </button>
          <button type="button" className="danger" onClick={onDiscard}>
            {t('functions.editor.discard')}
          </button>
          <button type="button" className="primary" onClick={onSaveAndClose} disabled={saving}>
            {saving ? t('functions.editor.saving') : t('functions.editor.saveAndClose')}
          </button>
        </>
      }
    >
      <p>{t('functions.editor.leaveQuestion')}</p>
      {failed && (
        <div className="error" role="alert">
          <p>{t('functions.editor.leaveFailed')}</p>
          {saveError && <p>{saveError}</p>}
        </div>
      )}
    </Dialog>
  );
}

/** A webhook tool's export carries its URL: export it anyway, or with the credentials masked. */
export function ExportWarningDialog({
  onCancel,
  onExport,
}: {
  onCancel: () => void;
  onExport: (withSecrets: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('functions.editor.exportWarningTitle')}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" onClick={() => onExport(false)} data-autofocus>
            {t('functions.editor.exportMasked')}
          </button>
          <button type="button" className="primary" onClick={() => onExport(true)}>
            {t('functions.editor.exportAnyway')}
          </button>
        </>
      }
    >
      <p>{t('functions.editor.exportWarning')}</p>
    </Dialog>
  );
}
