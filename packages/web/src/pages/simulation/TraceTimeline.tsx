import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrchestrationTraceCall, OrchestrationTraceNode } from '../../api/types';
import { ToolModesContext } from './tool-modes';
import { barPosition, formatMs, formatValue, STOP_REASONS } from './trace-format';

function CallItem({ call, totalMs }: { call: OrchestrationTraceCall; totalMs: number }) {
  const { t } = useTranslation();
  const mode = useContext(ToolModesContext).get(call.name);
  const state = !call.ok ? 'failed' : call.unvalidated ? 'unvalidated' : 'ok';
  return (
    <li className={`sim-call ${state}`} aria-label={t('simulation.trace.call', { name: call.name })}>
      <details open={!call.ok || call.unvalidated || Boolean(call.delegation)}>
        <summary>
          <strong translate="no">{call.name}</strong>{' '}
          <span className="hint">{formatMs(call.durationMs)}</span>{' '}
          {!call.ok && <span className="pill danger">{t('simulation.trace.failed')}</span>}
          {call.simulated && (call.unvalidated || mode === 'write') && (
            <span className="pill amber">{t('simulation.trace.simulatedWrite')}</span>
          )}
          {call.simulated && !call.unvalidated && mode === 'read' && (
            <span className="pill ok">{t('simulation.trace.ranForReal')}</span>
          )}
          {call.unvalidated && (
            <span className="pill amber" title={t('simulation.trace.unvalidatedTitle')}>
              {t('simulation.trace.unvalidated')}
            </span>
          )}
          {call.simulated && !call.unvalidated && call.ok && mode === undefined && (
            <span className="pill">{t('simulation.trace.simulatedRun')}</span>
          )}
          {call.delegation && (
            <span className="pill">{t('simulation.trace.delegated', { agent: call.delegation.agent })}</span>
          )}
        </summary>
        <div className="sim-call-body">
          <div className="sim-label">{t('simulation.trace.arguments')}</div>
          <pre className="sim-code">{formatValue(call.args)}</pre>
          {call.ok ? (
            <>
              <div className="sim-label">{t('simulation.trace.result')}</div>
              <pre className="sim-code">{formatValue(call.result)}</pre>
            </>
          ) : (
            <>
              <div className="sim-label">{t('simulation.trace.error')}</div>
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
  const { t } = useTranslation();
  const bar = barPosition(node, totalMs);
  const role = t(`simulation.trace.role.${node.role}`);
  const stop = node.stoppedBecause;
  const stopWords = stop && STOP_REASONS.has(stop) ? t(`simulation.trace.stop.${stop}`) : stop;
  return (
    <section className="sim-node" aria-label={`${role} ${node.agent}`}>
      <div className="spread">
        <h3 className="sim-agent">
          {role}: <span translate="no">{node.agent}</span>
        </h3>
        <span className="hint">
          +{formatMs(node.startedAtMs)} · {formatMs(node.durationMs)}
          {stopWords ? ` · ${stopWords}` : ''}
        </span>
      </div>
      <div className="sim-bar" aria-hidden="true">
        <span style={{ left: `${bar.left}%`, width: `${bar.width}%` }} />
      </div>
      {node.inputs && node.inputs.length > 0 && (
        <p className="hint sim-tools">
          {t('simulation.trace.reads')} <span translate="no">{node.inputs.join(', ')}</span>
        </p>
      )}
      {node.skipped && (
        <p className="banner info" role="status">
          {t('simulation.trace.skipped')} <span translate="no">{node.skipped}</span>
        </p>
      )}
      {node.offeredTools.length > 0 && (
        <p className="hint sim-tools">
          {t('simulation.trace.offered')} <span translate="no">{node.offeredTools.join(', ')}</span>
        </p>
      )}
      {node.error && (
        <p className="banner error" role="alert">
          {t('simulation.trace.providerFailed', { code: node.error.code, message: node.error.message })}
        </p>
      )}
      <ol className="sim-rounds">
        {node.rounds.map((round) => (
          <li key={round.round} className="sim-round">
            <div className="sim-round-title">
              {t('simulation.trace.round', { round: round.round })}
              {round.final ? t('simulation.trace.finalAnswer') : ''}
              {round.calls.length > 0
                ? ` · ${t('simulation.trace.calls', { count: round.calls.length })}`
                : ''}
            </div>
            {round.reasoning && (
              <p className="hint sim-text">
                {t('simulation.trace.reasoning')} <span translate="no">{round.reasoning}</span>
              </p>
            )}
            {round.text && (
              <p className="sim-text" translate="no">
                {round.text}
              </p>
            )}
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
        <ol className="sim-children" aria-label={t('simulation.trace.nodesOf', { agent: node.agent })}>
          {node.children.map((child) => (
            <li key={child.agent} className="sim-nested">
              <TraceNode node={child} totalMs={totalMs} />
            </li>
          ))}
        </ol>
      )}
      {node.rounds.length === 0 && !node.children && !node.skipped && (
        <p className="hint">{t('simulation.trace.noRounds')}</p>
      )}
      {node.finalText && (
        <p className="sim-final">
          <span className="sim-label">{t('simulation.trace.finalText')}</span>{' '}
          <span translate="no">{node.finalText}</span>
        </p>
      )}
    </section>
  );
}
