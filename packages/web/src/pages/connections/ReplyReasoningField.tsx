import { familyForModel } from '@toolsmith/core/schema';
import { useTranslation } from 'react-i18next';

/**
 * Whether the server's chat template opens `<think>` for every reply (DeepSeek-R1, QwQ, Qwen3 Thinking served
 * without a reasoning parser): the text up to `</think>` is then shown as reasoning (docs/tool-call-formats.md).
 */
export function ReplyReasoningField({
  value,
  model,
  onChange,
  error,
}: {
  value: boolean;
  /** the connection's model: a reasoning model whose template opens `<think>` gets a word about this box */
  model: string;
  onChange: (next: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="inline">
        <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} />
        {t('connReplyReasoning.label')}
      </label>
      <span className="hint">{t('connReplyReasoning.hint')}</span>
      {familyForModel(model) === 'apriel' && (
        <span className="hint" role="note">
          {t('connReplyReasoning.aprielHint', { model })}
        </span>
      )}
      {!value && opensThinkInTemplate(model) && (
        <span className="hint" role="note">
          {t('connReplyReasoning.modelHint', { model })}
        </span>
      )}
      {error && <span className="error hint">{error}</span>}
    </div>
  );
}

/**
 * Models whose own chat template opens `<think>` for the reply: DeepSeek-R1 (and distills), QwQ, Qwen3
 * Thinking, MiniMax-M2 (M2.1, M2.5: vLLM's `minimax_m2_append_think` exists for this) and the ERNIE 4.5
 * Thinking models.
 */
export function opensThinkInTemplate(model: string): boolean {
  return /deepseek-r1|r1-distill|qwq|qwen3[\w.-]*-thinking|minimax-m2|ernie-4\.5[\w.-]*-thinking/i.test(
    model,
  );
}
