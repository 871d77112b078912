import { templateToOffer } from '@toolsmith/core/schema';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import { CUSTOM_TEMPLATE_STARTER, INSTRUCT_TEMPLATES, isCustomTemplate } from './connection-form';

/** How long typing in the custom template waits before the preview is asked for again. */
const PREVIEW_DELAY_MS = 300;

/**
 * The instruct template of a text-completion connection: a built-in one, or a user-defined one written as
 * SillyTavern-style sequences (JSON), with the prompt it renders for a sample chat, from the server that builds
 * the real requests, so what is shown is what the backend gets.
 */
export function InstructTemplateField({
  value,
  model,
  onChange,
  error,
}: {
  value: string;
  /** the connection's model name: a template it points to is offered (never chosen for the user) */
  model: string;
  onChange: (next: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const custom = isCustomTemplate(value);
  const [preview, setPreview] = useState<{ prompt: string; stop: string[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(
      () => {
        api
          .post<{ prompt: string; stop: string[] }>('/api/connections/instruct-preview', {
            instructTemplate: value,
          })
          .then((answer) => {
            if (cancelled) return;
            setPreview(answer);
            setProblem(null);
          })
          .catch((e) => {
            if (cancelled) return;
            setPreview(null);
            setProblem(errorMessage(e));
          });
      },
      custom ? PREVIEW_DELAY_MS : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [value, custom]);

  const known = INSTRUCT_TEMPLATES.some((template) => template.value === value);
  const suggestion = custom ? undefined : templateToOffer(model, value);
  return (
    <div className="field instruct-template">
      <label>
        {t('instructEditor.label')}
        <select
          value={custom ? 'custom' : value}
          onChange={(e) => onChange(e.target.value === 'custom' ? CUSTOM_TEMPLATE_STARTER : e.target.value)}
        >
          {!custom && !known && <option value={value}>{value}</option>}
          {INSTRUCT_TEMPLATES.map((template) => (
            <option key={template.value} value={template.value}>
              {template.label}
            </option>
          ))}
          <option value="custom">{t('instructEditor.custom')}</option>
        </select>
      </label>
      {suggestion && (
        <span className="hint" data-testid="instruct-suggestion">
          {t('instructEditor.suggested', { model, label: suggestion.label })}{' '}
          <button type="button" className="link" onClick={() => onChange(suggestion.value)}>
            {t('instructEditor.useSuggested')}
          </button>
        </span>
      )}
      {custom && (
        <label>
          {t('instructEditor.sequences')}
          <textarea
            className="code"
            rows={9}
            spellCheck={false}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={`${id}-help`}
          />
          <span className="hint" id={`${id}-help`}>
            {t('instructEditor.help')}
          </span>
        </label>
      )}
      {error && <span className="error hint">{error}</span>}
      {problem && !error && (
        <span className="error hint" role="alert">
          {problem}
        </span>
      )}
      {preview && (
        <details className="instruct-preview" open={custom}>
          <summary>{t('instructEditor.preview')}</summary>
          <pre data-testid="instruct-preview">{preview.prompt}</pre>
          <span className="hint">
            {preview.stop.length > 0
              ? t('instructEditor.stops', { stops: preview.stop.map((s) => JSON.stringify(s)).join(', ') })
              : t('instructEditor.noStops')}
          </span>
        </details>
      )}
    </div>
  );
}
