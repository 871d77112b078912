import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { ModelsAnswer } from '../../api/types';
import type { ConnectionDraft } from './connection-form';

type Answer = ModelsAnswer;

/**
 * "Fetch models": asks the connection's server which models it has (the draft's address, the typed key, or
 * the stored key when the address is the one it was entered for) and offers them as a list.
 */
export function FetchModels({
  draft,
  connectionId,
  onPick,
}: {
  draft: ConnectionDraft;
  connectionId?: string;
  onPick: (model: string) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ running: boolean; answer?: Answer; error?: string }>({
    running: false,
  });

  const fetchModels = async () => {
    setState({ running: true });
    try {
      const body: Record<string, unknown> = { api: draft.api, baseUrl: draft.baseUrl.trim() };
      if (draft.apiKey) body.apiKey = draft.apiKey;
      if (draft.textBackend) body.textBackend = draft.textBackend;
      if (connectionId) body.id = connectionId;
      setState({ running: false, answer: await api.post<Answer>('/api/connections/models', body) });
    } catch (e) {
      setState({ running: false, error: errorMessage(e) });
    }
  };

  const answer = state.answer;
  return (
    <div className="row fetch-models">
      <button type="button" onClick={fetchModels} disabled={state.running}>
        {state.running ? t('connections.models.fetching') : t('connections.models.fetch')}
      </button>
      {answer?.ok && answer.models.length > 0 && (
        <select
          aria-label={t('connections.models.list')}
          value={answer.models.includes(draft.model) ? draft.model : ''}
          onChange={(e) => e.target.value && onPick(e.target.value)}
        >
          <option value="">{t('connections.models.pick', { count: answer.models.length })}</option>
          {answer.models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      )}
      {answer?.ok && answer.models.length === 0 && (
        <span className="hint">{t('connections.models.none')}</span>
      )}
      {answer && !answer.ok && (
        <span className="hint error" role="alert">
          {t('connections.models.failed', { message: answer.message })}
        </span>
      )}
      {state.error && (
        <span className="hint error" role="alert">
          {t('connections.models.failed', { message: state.error })}
        </span>
      )}
    </div>
  );
}
