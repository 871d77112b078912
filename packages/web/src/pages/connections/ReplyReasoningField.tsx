import { useTranslation } from 'react-i18next';

/**
 * Whether the server's chat template opens `<think>` for every reply (DeepSeek-R1, QwQ, Qwen3 Thinking served
 * without a reasoning parser): the text up to `</think>` is then shown as reasoning (docs/tool-call-formats.md).
 */
export function ReplyReasoningField({
  value,
  onChange,
  error,
}: {
  value: boolean;
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
      {error && <span className="error hint">{error}</span>}
    </div>
  );
}
