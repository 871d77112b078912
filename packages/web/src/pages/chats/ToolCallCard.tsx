import { Trans, useTranslation } from 'react-i18next';
import { type CallView, describeError, formatValue } from './chat-stream';
import { useToolCardOpen } from './tool-card-open';

/** Each tool's mode by name, to tell a read tool that really ran from a write tool that was simulated. */
export type ToolModes = ReadonlyMap<string, 'read' | 'write'>;

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function timeOf(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(language);
}

/** In a simulation, read tools run for real and write tools are simulated: the pill says which happened. */
function SimulationPill({ call, mode }: { call: CallView; mode: 'read' | 'write' | undefined }) {
  const { t } = useTranslation();
  if (!call.simulated) return null;
  if (mode === 'read') return <span className="pill ok">{t('toolCard.ranForReal')}</span>;
  if (mode === 'write') return <span className="pill amber">{t('toolCard.simulatedWrite')}</span>;
  return <span className="pill amber">{t('toolCard.simulated')}</span>;
}

/**
 * One tool call inline in a chat: collapsed to a summary line, opened for arguments and result or error. A write
 * tool waiting for approval is shown open with Allow and Deny. Opened or closed by the user, it stays so under
 * `openKey` (see tool-card-open).
 */
export function ToolCallCard({
  call,
  openKey,
  onApprove,
  toolModes,
}: {
  call: CallView;
  openKey: string;
  onApprove?: (callId: string, allow: boolean) => void;
  toolModes?: ToolModes;
}) {
  const { t, i18n } = useTranslation();
  const failed = !call.pending && !call.ok;
  const error = failed ? describeError(call.error) : null;
  const result = formatValue(call.result);
  const waiting = call.approval !== undefined;
  const state = waiting ? 'awaiting' : call.pending ? 'running' : failed ? 'failed' : 'ok';
  const denied = error?.code === 'denied';
  const [open, setOpen] = useToolCardOpen(openKey, waiting);
  return (
    <details
      className={`tool-card ${state}`}
      aria-label={t('toolCard.label', { name: call.name })}
      open={open}
      // the browser may open it by itself (find in page): keep the choice in step
      onToggle={(e) => e.currentTarget.open !== open && setOpen(e.currentTarget.open)}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the details' own button (keyboard too) */}
      <summary
        // the click is the choice at once, before the card can be replaced (the toggle event comes a task later)
        onClick={(e) => {
          e.preventDefault();
          setOpen(!open);
        }}
      >
        <span className="tool-card-icon" aria-hidden="true">
          {waiting ? '?' : call.pending ? '…' : failed ? '✕' : '✓'}
        </span>
        <span className="tool-card-name">{call.name}</span>
        {waiting && <span className="pill amber">{t('toolCard.needsApproval')}</span>}
        {call.pending && !waiting && <span className="pill">{t('toolCard.running')}</span>}
        {failed && !denied && <span className="pill danger">{t('toolCard.failed')}</span>}
        {denied && <span className="pill danger">{t('toolCard.notAllowed')}</span>}
        <SimulationPill call={call} mode={toolModes?.get(call.name)} />
        {typeof call.durationMs === 'number' && !denied && (
          <span className="hint">
            {t('toolCard.ms', { ms: Math.round(call.durationMs).toLocaleString(i18n.language) })}
          </span>
        )}
        <span className="tool-card-preview hint">{error ? preview(error.message) : preview(result)}</span>
      </summary>
      <div className="tool-card-body">
        {waiting && <p className="approval-question">{t('toolCard.question')}</p>}
        <h3>{t('toolCard.arguments')}</h3>
        <pre>{formatValue(call.args) || '{}'}</pre>
        {waiting ? (
          <div className="approval">
            <div className="row">
              <button
                type="button"
                className="primary"
                disabled={call.approval?.deciding || !onApprove}
                onClick={() => onApprove?.(call.id, true)}
              >
                {t('toolCard.allow')}
              </button>
              <button
                type="button"
                className="danger"
                disabled={call.approval?.deciding || !onApprove}
                onClick={() => onApprove?.(call.id, false)}
              >
                {t('toolCard.deny')}
              </button>
            </div>
            {call.approval?.expiresAt && (
              <p className="hint">
                {t('toolCard.timeout', { time: timeOf(call.approval.expiresAt, i18n.language) })}
              </p>
            )}
          </div>
        ) : call.pending ? (
          <p className="hint">{t('toolCard.waiting')}</p>
        ) : error ? (
          <>
            <h3>{t('toolCard.error')}</h3>
            <pre className="error">{error.message}</pre>
            {error.code && (
              <p className="hint">
                <Trans
                  i18nKey="toolCard.code"
                  values={{ code: error.code }}
                  components={{ code: <code /> }}
                />
              </p>
            )}
            {error.hint && <p className="hint">{error.hint}</p>}
          </>
        ) : (
          <>
            <h3>{t('toolCard.result')}</h3>
            <pre>{result || t('toolCard.empty')}</pre>
          </>
        )}
      </div>
    </details>
  );
}
