import { type CallView, describeError, formatValue } from './chat-stream';

/** Each tool's mode by name, to tell a read tool that really ran from a write tool that was simulated. */
export type ToolModes = ReadonlyMap<string, 'read' | 'write'>;

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString();
}

/** In a simulation, read tools run for real and write tools are simulated: the pill says which happened. */
function SimulationPill({ call, mode }: { call: CallView; mode: 'read' | 'write' | undefined }) {
  if (!call.simulated) return null;
  if (mode === 'read') return <span className="pill ok">Ran for real (read tool)</span>;
  if (mode === 'write') return <span className="pill amber">Simulated (write tool)</span>;
  return <span className="pill amber">Simulated</span>;
}

/**
 * One tool call inline in a chat: collapsed to a summary line, opened for arguments and result or error. A write
 * tool waiting for approval is shown open with Allow and Deny.
 */
export function ToolCallCard({
  call,
  onApprove,
  toolModes,
}: {
  call: CallView;
  onApprove?: (callId: string, allow: boolean) => void;
  toolModes?: ToolModes;
}) {
  const failed = !call.pending && !call.ok;
  const error = failed ? describeError(call.error) : null;
  const result = formatValue(call.result);
  const waiting = call.approval !== undefined;
  const state = waiting ? 'awaiting' : call.pending ? 'running' : failed ? 'failed' : 'ok';
  const denied = error?.code === 'denied';
  return (
    <details
      className={`tool-card ${state}`}
      aria-label={`Tool call ${call.name}`}
      open={waiting || undefined}
    >
      <summary>
        <span className="tool-card-icon" aria-hidden="true">
          {waiting ? '?' : call.pending ? '…' : failed ? '✕' : '✓'}
        </span>
        <span className="tool-card-name">{call.name}</span>
        {waiting && <span className="pill amber">Needs your approval</span>}
        {call.pending && !waiting && <span className="pill">Running</span>}
        {failed && !denied && <span className="pill danger">Failed</span>}
        {denied && <span className="pill danger">Not allowed</span>}
        <SimulationPill call={call} mode={toolModes?.get(call.name)} />
        {typeof call.durationMs === 'number' && !denied && (
          <span className="hint">{Math.round(call.durationMs)} ms</span>
        )}
        <span className="tool-card-preview hint">{error ? preview(error.message) : preview(result)}</span>
      </summary>
      <div className="tool-card-body">
        {waiting && <p className="approval-question">This write tool wants to run with these arguments:</p>}
        <h3>Arguments</h3>
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
                Allow
              </button>
              <button
                type="button"
                className="danger"
                disabled={call.approval?.deciding || !onApprove}
                onClick={() => onApprove?.(call.id, false)}
              >
                Deny
              </button>
            </div>
            {call.approval?.expiresAt && (
              <p className="hint">
                Without an answer by {timeOf(call.approval.expiresAt)}, it counts as Deny.
              </p>
            )}
          </div>
        ) : call.pending ? (
          <p className="hint">Waiting for the result…</p>
        ) : error ? (
          <>
            <h3>Error</h3>
            <pre className="error">{error.message}</pre>
            {error.code && (
              <p className="hint">
                Code: <code>{error.code}</code>
              </p>
            )}
            {error.hint && <p className="hint">{error.hint}</p>}
          </>
        ) : (
          <>
            <h3>Result</h3>
            <pre>{result || '(empty)'}</pre>
          </>
        )}
      </div>
    </details>
  );
}
