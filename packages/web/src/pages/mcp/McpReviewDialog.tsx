import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { McpServer } from '../../api/mcp-types';
import { Dialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';

/** The review before a stdio server's first start: exactly what will run, approved by its fingerprint. */
export function McpReviewDialog({
  server,
  onApproved,
  onCancel,
}: {
  server: McpServer;
  onApproved: (server: McpServer) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const review = server.review!;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const approve = async () => {
    setBusy(true);
    setError(null);
    try {
      onApproved(
        await api.post<McpServer>(`/api/mcp/servers/${encodeURIComponent(server.id)}/approve`, {
          fingerprint: review.fingerprint,
        }),
      );
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('mcp.approval.title', { name: server.name })}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" onClick={approve} disabled={busy}>
            {t('mcp.approval.approve')}
          </button>
        </>
      }
    >
      <ErrorBanner error={error} />
      <p>{t('mcp.approval.warning')}</p>
      <pre className="mcp-command" data-testid="mcp-command-line">
        {review.commandLine}
      </pre>
      <dl className="mcp-review">
        <dt>{t('mcp.approval.cwd')}</dt>
        <dd>{review.cwd || t('mcp.approval.cwdDefault')}</dd>
        <dt>{t('mcp.approval.env')}</dt>
        <dd>
          {t('mcp.approval.envKeys', {
            keys: review.envKeys.length > 0 ? review.envKeys.join(', ') : t('mcp.approval.envNone'),
          })}
        </dd>
      </dl>
      <p className="hint">{t('mcp.approval.changed')}</p>
    </Dialog>
  );
}
