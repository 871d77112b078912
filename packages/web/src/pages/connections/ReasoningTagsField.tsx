import { useTranslation } from 'react-i18next';

/**
 * A model's own reasoning tags (SillyTavern's reasoning prefix and suffix): a fine-tune that reasons in
 * `<reasoning>` … `</reasoning>` gets its reasoning shown apart. Both empty: none (docs/tool-call-formats.md).
 */
export function ReasoningTagsField({
  open,
  close,
  onChange,
  error,
}: {
  open: string;
  close: string;
  onChange: (next: { open: string; close: string }) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="field reasoning-tags">
      <legend>{t('connReasoningTags.label')}</legend>
      <div className="row">
        <label>
          {t('connReasoningTags.open')}
          <input
            value={open}
            // a tag is code, never translated (its example either)
            translate="no"
            placeholder="<reasoning>"
            spellCheck={false}
            onChange={(e) => onChange({ open: e.target.value, close })}
          />
        </label>
        <label>
          {t('connReasoningTags.close')}
          <input
            value={close}
            translate="no"
            placeholder="</reasoning>"
            spellCheck={false}
            onChange={(e) => onChange({ open, close: e.target.value })}
          />
        </label>
      </div>
      <span className="hint">{t('connReasoningTags.hint')}</span>
      {error && <span className="error hint">{error}</span>}
    </fieldset>
  );
}
