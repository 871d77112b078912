import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Connection, ConnectionTestAnswer } from '../../api/types';

/** POST /api/connections/:id/test (docs/api.md). */
export type TestAnswer = ConnectionTestAnswer;

export type TestState =
  | { running: true }
  | { running: false; answer: TestAnswer }
  | { running: false; error: string };

/**
 * A connection test's outcome: the text round; a base URL that would work (a missing /v1) with a button to
 * use it; the tool-calling probe (native, then the text protocol) with the mode to use and a button to switch.
 */
export function ConnectionTestOutcome({
  state,
  connection,
  onChanged,
}: {
  state: TestState | undefined;
  connection: Connection;
  onChanged: (saved: Connection) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  if (!state || state.running) return null;
  const patch = async (body: Record<string, unknown>) => {
    setError(null);
    try {
      onChanged(await api.patch<Connection>(`/api/connections/${encodeURIComponent(connection.id)}`, body));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  if ('error' in state) {
    return (
      <p className="test-outcome failed" role="alert">
        {t('connections.outcome.couldNotRun', { message: state.error })}
      </p>
    );
  }
  const { answer } = state;
  if (!answer.ok) {
    return (
      <div className="test-outcome failed" role="alert">
        <p>
          <Trans
            i18nKey="connections.outcome.failed"
            values={{ code: answer.code, message: answer.message }}
            components={{ code: <code /> }}
          />
        </p>
        {answer.suggestion && (
          <p>
            {answer.suggestion.reason}{' '}
            <button type="button" onClick={() => patch({ baseUrl: answer.suggestion!.baseUrl })}>
              {t('connections.outcome.use', { value: answer.suggestion.baseUrl })}
            </button>
          </p>
        )}
        {error && <p className="error">{error}</p>}
      </div>
    );
  }
  const tools = answer.toolCalling;
  // a model whose tokens ran out before a call neither called nor refused
  const verdict = (attempt: { ok: boolean; undecided?: true }) =>
    t(
      attempt.ok
        ? 'connections.outcome.works'
        : attempt.undecided
          ? 'connections.outcome.undecided'
          : 'connections.outcome.didNotWork',
    );
  const recommended = tools?.recommended;
  const current = connection.functionCalling.mode;
  return (
    <div className="test-outcome passed" role="status">
      <p>
        {answer.reasoned ? (
          t('connections.outcome.passedReasoned')
        ) : (
          <Trans
            i18nKey="connections.outcome.passed"
            values={{ text: answer.text }}
            components={{ q: <q translate="no" /> }}
          />
        )}
      </p>
      {tools && (
        <section className="tool-probe" aria-label={t('connections.outcome.probe')}>
          <p>
            <Trans
              i18nKey="connections.outcome.toolCalling"
              values={{ message: tools.message }}
              components={{ strong: <strong /> }}
            />
          </p>
          <ul>
            {tools.native && (
              <li>
                {t('connections.outcome.native', {
                  verdict: verdict(tools.native),
                  message: tools.native.message,
                })}
              </li>
            )}
            {tools.text && (
              <li>
                {t('connections.outcome.text', {
                  verdict: verdict(tools.text),
                  message: tools.text.message,
                })}
              </li>
            )}
          </ul>
          {recommended && current !== recommended && current !== 'auto' && (
            <button
              type="button"
              onClick={() => patch({ functionCalling: { enabled: true, mode: recommended } })}
            >
              {t('connections.outcome.use', { value: t(`connections.mode.${recommended}`) })}
            </button>
          )}
        </section>
      )}
      {error && <p className="error">{error}</p>}
    </div>
  );
}
