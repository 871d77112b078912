import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { ToolModeOutcome } from '../../api/types';

export type { ToolModeOutcome };

/**
 * The tool-calling mode `auto` learned per model of a connection — native tools worked, or a "tools
 * unsupported" refusal sent it to the text protocol — with the reason, and a way to forget it so the next
 * request tries native tools again. `refresh` changes whenever something may have taught it more (a test).
 */
export function ToolModeMemory({ connectionId, refresh }: { connectionId: string; refresh?: unknown }) {
  const { t } = useTranslation();
  const [outcomes, setOutcomes] = useState<ToolModeOutcome[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/connections/${encodeURIComponent(connectionId)}/tool-modes`;

  const load = useCallback(async () => {
    try {
      setOutcomes((await api.get<{ outcomes: ToolModeOutcome[] }>(path)).outcomes);
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [path]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` only signals that there may be news
  useEffect(() => {
    void load();
  }, [load, refresh]);

  const forget = async (model?: string) => {
    try {
      await api.del(model === undefined ? path : `${path}?model=${encodeURIComponent(model)}`);
      await load();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (error) return <p className="hint error">{t('connections.memory.failed', { message: error })}</p>;
  if (!outcomes || outcomes.length === 0) return null;
  return (
    <section className="tool-modes" aria-label={t('connections.memory.label')}>
      <div className="spread">
        <strong>{t('connections.memory.title')}</strong>
        {outcomes.length > 1 && (
          <button type="button" className="link" onClick={() => forget()}>
            {t('connections.memory.forgetAll')}
          </button>
        )}
      </div>
      <ul>
        {outcomes.map((o) => (
          <li key={o.model} className="spread">
            <span>
              <code>{o.model || t('connections.memory.noModel')}</code>{' '}
              <span className={`pill${o.mode === 'native' ? ' ok' : ' amber'}`}>
                {o.mode === 'native'
                  ? t('connections.memory.nativeWorks')
                  : t('connections.memory.textProtocol')}
              </span>{' '}
              {o.mode === 'text' && o.reason && (
                <span className="hint">
                  {o.status
                    ? t('connections.memory.refusedStatus', { status: o.status, reason: o.reason })
                    : t('connections.memory.refused', { reason: o.reason })}
                </span>
              )}
            </span>
            <button
              type="button"
              className="link"
              onClick={() => forget(o.model)}
              aria-label={t('connections.memory.forgetNamed', {
                model: o.model || t('connections.memory.defaultModel'),
              })}
            >
              {t('connections.memory.forget')}
            </button>
          </li>
        ))}
      </ul>
      <p className="hint">{t('connections.memory.hint')}</p>
    </section>
  );
}
