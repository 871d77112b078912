import {
  charLength,
  checkDescription,
  checkDisplayName,
  DESCRIPTION_MAX_LENGTH,
} from '@toolsmith/core/schema';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from './FieldMessages';
import type { ToolForm } from './tool-form';

/** Technical name (checked as typed), display name, description with its counter, and the mode. */
export function BasicsSection({
  form,
  update,
  nameMessage,
  onNameTouched,
  fieldErrors,
  descriptionChanged,
}: {
  form: ToolForm;
  update: (patch: Partial<ToolForm>) => void;
  nameMessage: string | null;
  onNameTouched: () => void;
  fieldErrors: Record<string, string[]>;
  /** the description check shows once the user changed it (or the server refused it) */
  descriptionChanged: boolean;
}) {
  const { t, i18n } = useTranslation();
  const descriptionLength = charLength(form.description);
  return (
    <section className="panel" aria-labelledby="basics-title">
      <h2 id="basics-title">{t('functions.basics.title')}</h2>
      <label htmlFor="tool-name">{t('functions.basics.name')}</label>
      <input
        id="tool-name"
        value={form.name}
        onChange={(e) => {
          onNameTouched();
          update({ name: e.target.value });
        }}
        onBlur={() => onNameTouched()}
        aria-invalid={!!nameMessage}
        aria-describedby="name-help name-errors"
        autoComplete="off"
        spellCheck={false}
      />
      <p id="name-help" className="hint">
        {t('functions.basics.nameHint')}
      </p>
      <FieldMessages id="name-errors" messages={[nameMessage, ...(fieldErrors.name ?? [])]} />

      <label htmlFor="tool-display-name">{t('functions.basics.displayName')}</label>
      <input
        id="tool-display-name"
        value={form.displayName}
        onChange={(e) => update({ displayName: e.target.value })}
        aria-describedby="display-name-errors"
      />
      <FieldMessages
        id="display-name-errors"
        messages={[checkDisplayName(form.displayName), ...(fieldErrors.displayName ?? [])]}
      />

      <label htmlFor="tool-description">{t('functions.basics.description')}</label>
      <textarea
        id="tool-description"
        className="prose"
        rows={4}
        value={form.description}
        onChange={(e) => update({ description: e.target.value })}
        aria-describedby="description-count description-errors"
      />
      <p
        id="description-count"
        className={`hint counter${descriptionLength > DESCRIPTION_MAX_LENGTH ? ' error' : ''}`}
      >
        {t('functions.basics.descriptionCount', {
          length: descriptionLength.toLocaleString(i18n.language),
          max: DESCRIPTION_MAX_LENGTH.toLocaleString(i18n.language),
        })}
      </p>
      <FieldMessages
        id="description-errors"
        messages={[
          descriptionChanged || fieldErrors.description ? checkDescription(form.description) : null,
          ...(fieldErrors.description ?? []),
        ]}
      />

      <fieldset className="mode">
        <legend>{t('functions.basics.mode')}</legend>
        <label className="inline">
          <input
            type="radio"
            name="tool-mode"
            checked={form.mode === 'read'}
            onChange={() => update({ mode: 'read' })}
          />
          {t('functions.basics.read')}
        </label>
        <p className="hint indent">{t('functions.basics.readHint')}</p>
        <label className="inline">
          <input
            type="radio"
            name="tool-mode"
            checked={form.mode === 'write'}
            onChange={() => update({ mode: 'write' })}
          />
          {t('functions.basics.write')}
        </label>
        <p className="hint indent">{t('functions.basics.writeHint')}</p>
      </fieldset>
    </section>
  );
}
