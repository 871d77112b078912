import { useState } from 'react';
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
      title={`Review ${server.name}`}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={approve} disabled={busy}>
            Approve and start
          </button>
        </>
      }
    >
      <ErrorBanner error={error} />
      <p>
        The Toolsmith server will run this program with your user’s rights. Approve it only if you trust it.
      </p>
      <pre className="mcp-command" data-testid="mcp-command-line">
        {review.commandLine}
      </pre>
      <dl className="mcp-review">
        <dt>Working folder</dt>
        <dd>{review.cwd || 'the Toolsmith server’s own'}</dd>
        <dt>Environment</dt>
        <dd>{review.envKeys.length > 0 ? review.envKeys.join(', ') : 'none'} (values hidden)</dd>
      </dl>
      <p className="hint">A changed command, argument, folder or environment needs a new approval.</p>
    </Dialog>
  );
}
