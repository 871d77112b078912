import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Inline editing of a message's text: Save (Ctrl/Cmd+Enter) or Cancel (Escape). */
export function MessageEditor({
  initial,
  label,
  onSave,
  onCancel,
}: {
  initial: string;
  label: string;
  onSave: (content: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSave(text);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSaving(false);
    }
  };
  return (
    <div className="message-editor">
      <label>
        <span className="visually-hidden">{label}</span>
        <textarea
          value={text}
          rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
          onChange={(e) => setText(e.target.value)}
          autoFocus
          onKeyDown={(e) => {
            if (e.key === 'Escape') onCancel();
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
          }}
        />
      </label>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="button" className="primary" onClick={save} disabled={saving}>
          {t('common.save')}
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
