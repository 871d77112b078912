import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';

/** What `auto` remembered for one model (GET /api/connections/:id/tool-modes). */
export interface ToolModeOutcome {
  model: string;
  mode: 'native' | 'text';
  reason: string | null;
  status: number | null;
  recordedAt: string;
}

/**
 * The tool-calling mode `auto` learned per model of a connection — native tools worked, or a "tools
 * unsupported" refusal sent it to the text protocol — with the reason, and a way to forget it so the next
 * request tries native tools again. `refresh` changes whenever something may have taught it more (a test).
 */
export function ToolModeMemory({ connectionId, refresh }: { connectionId: string; refresh?: unknown }) {
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

  if (error) return <p className="hint error">Remembered tool modes could not be loaded: {error}</p>;
  if (!outcomes || outcomes.length === 0) return null;
  return (
    <section className="tool-modes" aria-label="Remembered tool calling">
      <div className="spread">
        <strong>Tool calling learned by Auto</strong>
        {outcomes.length > 1 && (
          <button type="button" className="link" onClick={() => forget()}>
            Forget all
          </button>
        )}
      </div>
      <ul>
        {outcomes.map((o) => (
          <li key={o.model} className="spread">
            <span>
              <code>{o.model || '(no model)'}</code>{' '}
              <span className={`pill${o.mode === 'native' ? ' ok' : ' amber'}`}>
                {o.mode === 'native' ? 'Native tools work' : 'Text protocol'}
              </span>{' '}
              {o.mode === 'text' && o.reason && (
                <span className="hint">
                  native refused{o.status ? ` (HTTP ${o.status})` : ''}: {o.reason}
                </span>
              )}
            </span>
            <button
              type="button"
              className="link"
              onClick={() => forget(o.model)}
              aria-label={`Forget the tool mode of ${o.model || 'the default model'}`}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
      <p className="hint">Forgetting makes the next request try native tools again.</p>
    </section>
  );
}
