import { useTranslation } from 'react-i18next';
import type { Connection } from '../../api/types';
import { LoneReasoningCloseNote } from './LoneReasoningCloseNote';
import type { Notice } from './use-generation';

/** What the last generation left to say, above the composer: stopped, ended early, failed, or a reasoning hint. */
export function GenerationNotice({
  notice,
  connection,
  onDismiss,
  onRetry,
  onRegenerate,
  onConnectionChanged,
}: {
  notice: Notice | null;
  connection?: Connection;
  onDismiss: () => void;
  /** the failed run's user message is the last one: it can be sent again */
  onRetry?: () => void;
  onRegenerate?: () => void;
  onConnectionChanged: () => void;
}) {
  const { t } = useTranslation();
  switch (notice?.kind) {
    case 'stopped':
      return (
        <p className="banner info" role="status">
          {t('chat.stopped')}
        </p>
      );
    case 'ended':
      return (
        <p className="banner info" role="status">
          {notice.message}
        </p>
      );
    case 'lone-reasoning-close':
      return (
        <LoneReasoningCloseNote
          tag={notice.tag}
          connection={connection}
          onConnectionChanged={onConnectionChanged}
          onRegenerate={onRegenerate}
        />
      );
    case 'failed':
      return (
        <div className="banner error failed-banner" role="alert">
          <span className="grow">{t('chat.failed', { code: notice.code, message: notice.message })}</span>
          {onRetry && (
            <button type="button" className="primary" onClick={onRetry}>
              {t('chat.retry')}
            </button>
          )}
          <button type="button" className="link" onClick={onDismiss} aria-label={t('common.dismissError')}>
            ×
          </button>
        </div>
      );
    default:
      return null;
  }
}
