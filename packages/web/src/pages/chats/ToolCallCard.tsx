import { type CallView, describeError, formatValue } from './chat-stream';

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** One tool call inline in a chat: collapsed to a summary line, opened for arguments and result or error. */
export function ToolCallCard({ call }: { call: CallView }) {
  const failed = !call.pending && !call.ok;
  const error = failed ? describeError(call.error) : null;
  const result = formatValue(call.result);
  const state = call.pending ? 'running' : failed ? 'failed' : 'ok';
  return (
    <details className={`tool-card ${state}`} aria-label={`Tool call ${call.name}`}>
      <summary>
        <span className="tool-card-icon" aria-hidden="true">
          {call.pending ? '…' : failed ? '✕' : '✓'}
        </span>
        <span className="tool-card-name">{call.name}</span>
        {call.pending && <span className="pill">Running</span>}
        {failed && <span className="pill danger">Failed</span>}
        {call.simulated && <span className="pill amber">simulated</span>}
        {typeof call.durationMs === 'number' && (
          <span className="hint">{Math.round(call.durationMs)} ms</span>
        )}
        <span className="tool-card-preview hint">{error ? preview(error.message) : preview(result)}</span>
      </summary>
      <div className="tool-card-body">
        <h3>Arguments</h3>
        <pre>{formatValue(call.args) || '{}'}</pre>
        {call.pending ? (
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
