import { type ClipboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagsFromSillyTavern } from './sillytavern-reasoning';

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
  const [pastedName, setPastedName] = useState<string | undefined>();
  // a SillyTavern reasoning template pasted into either box fills both
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const tags = tagsFromSillyTavern(e.clipboardData.getData('text/plain'));
    if (!tags) return;
    e.preventDefault();
    setPastedName(tags.name ?? '');
    onChange({ open: tags.open, close: tags.close });
  };
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
            onPaste={onPaste}
            onChange={(e) => {
              setPastedName(undefined);
              onChange({ open: e.target.value, close });
            }}
          />
        </label>
        <label>
          {t('connReasoningTags.close')}
          <input
            value={close}
            translate="no"
            placeholder="</reasoning>"
            spellCheck={false}
            onPaste={onPaste}
            onChange={(e) => {
              setPastedName(undefined);
              onChange({ open, close: e.target.value });
            }}
          />
        </label>
      </div>
      <span className="hint">{t('connReasoningTags.hint')}</span>
      {pastedName !== undefined && (
        <span className="hint" role="status">
          {pastedName
            ? t('connReasoningTags.pastedNamed', { name: pastedName })
            : t('connReasoningTags.pasted')}
        </span>
      )}
      {error && <span className="error hint">{error}</span>}
    </fieldset>
  );
}
