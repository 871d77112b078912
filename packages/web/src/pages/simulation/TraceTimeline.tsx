import { useContext } from 'react';
import type { OrchestrationTraceCall, OrchestrationTraceNode } from '../../api/types';
import { ToolModesContext } from './tool-modes';
import { barPosition, formatMs, formatValue, stopText } from './trace-format';

const ROLE_LABELS: Record<OrchestrationTraceNode['role'], string> = {
  loop: 'Loop agent',
  director: 'Director',
  'sub-agent': 'Sub-agent',
  agent: 'Agent',
  spec: 'Spec',
  node: 'Node',
  planner: 'Planner',
};

function CallItem({ call, totalMs }: { call: OrchestrationTraceCall; totalMs: number }) {
  const mode = useContext(ToolModesContext).get(call.name);
  const state = !call.ok ? 'failed' : call.unvalidated ? 'unvalidated' : 'ok';
  return (
    <li className={`sim-call ${state}`} aria-label={`Call ${call.name}`}>
      <details open={!call.ok || call.unvalidated || Boolean(call.delegation)}>
        <summary>
          <strong>{call.name}</strong> <span className="hint">{formatMs(call.durationMs)}</span>{' '}
          {!call.ok && <span className="pill danger">Failed</span>}
          {call.simulated && (call.unvalidated || mode === 'write') && (
            <span className="pill amber">Simulated (write tool)</span>
          )}
          {call.simulated && !call.unvalidated && mode === 'read' && (
            <span className="pill ok">Ran for real (read tool)</span>
          )}
          {call.unvalidated && (
            <span
              className="pill amber"
              title="A write tool that did not really run: its effect is not checked"
            >
              Unvalidated
            </span>
          )}
          {call.simulated && !call.unvalidated && call.ok && mode === undefined && (
            <span className="pill">Simulated run</span>
          )}
          {call.delegation && <span className="pill">Delegated to {call.delegation.agent}</span>}
        </summary>
        <div className="sim-call-body">
          <div className="sim-label">Arguments</div>
          <pre className="sim-code">{formatValue(call.args)}</pre>
          {call.ok ? (
            <>
              <div className="sim-label">Result</div>
              <pre className="sim-code">{formatValue(call.result)}</pre>
            </>
          ) : (
            <>
              <div className="sim-label">Error</div>
              <pre className="sim-code error">
                {call.error ? `${call.error.code}: ${call.error.message}` : 'failed'}
                {call.error?.hint ? `\nHint: ${call.error.hint}` : ''}
              </pre>
            </>
          )}
          {call.delegation && (
            <div className="sim-nested">
              <TraceNode node={call.delegation} totalMs={totalMs} />
            </div>
          )}
        </div>
      </details>
    </li>
  );
}

/** One agent's run: a bar on the run's time axis, then its rounds with their calls (delegations nested). */
export function TraceNode({ node, totalMs }: { node: OrchestrationTraceNode; totalMs: number }) {
  const bar = barPosition(node, totalMs);
  return (
    <section className="sim-node" aria-label={`${ROLE_LABELS[node.role]} ${node.agent}`}>
      <div className="spread">
        <h3 className="sim-agent">
          {ROLE_LABELS[node.role]}: {node.agent}
        </h3>
        <span className="hint">
          +{formatMs(node.startedAtMs)} · {formatMs(node.durationMs)}
          {node.stoppedBecause ? ` · ${stopText(node.stoppedBecause)}` : ''}
        </span>
      </div>
      <div className="sim-bar" aria-hidden="true">
        <span style={{ left: `${bar.left}%`, width: `${bar.width}%` }} />
      </div>
      {node.inputs && node.inputs.length > 0 && (
        <p className="hint sim-tools">Reads: {node.inputs.join(', ')}</p>
      )}
      {node.skipped && (
        <p className="banner info" role="status">
          Skipped: {node.skipped}
        </p>
      )}
      {node.offeredTools.length > 0 && (
        <p className="hint sim-tools">Offered tools: {node.offeredTools.join(', ')}</p>
      )}
      {node.error && (
        <p className="banner error" role="alert">
          Provider failed ({node.error.code}): {node.error.message}
        </p>
      )}
      <ol className="sim-rounds">
        {node.rounds.map((round) => (
          <li key={round.round} className="sim-round">
            <div className="sim-round-title">
              Round {round.round}
              {round.final ? ' (final answer)' : ''}
              {round.calls.length > 0
                ? ` · ${round.calls.length} call${round.calls.length === 1 ? '' : 's'}`
                : ''}
            </div>
            {round.reasoning && <p className="hint sim-text">Reasoning: {round.reasoning}</p>}
            {round.text && <p className="sim-text">{round.text}</p>}
            {round.calls.length > 0 && (
              <ul className="sim-calls">
                {round.calls.map((call) => (
                  <CallItem key={call.id} call={call} totalMs={totalMs} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {node.children && (
        <ol className="sim-children" aria-label={`Nodes of ${node.agent}`}>
          {node.children.map((child) => (
            <li key={child.agent} className="sim-nested">
              <TraceNode node={child} totalMs={totalMs} />
            </li>
          ))}
        </ol>
      )}
      {node.rounds.length === 0 && !node.children && !node.skipped && <p className="hint">No rounds ran.</p>}
      {node.finalText && (
        <p className="sim-final">
          <span className="sim-label">Final text</span> {node.finalText}
        </p>
      )}
    </section>
  );
}
