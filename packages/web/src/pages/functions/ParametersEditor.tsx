import { PARAMETER_TYPES, type ParameterType } from '@toolsmith/core/schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enumAllowed, newRowDraft, type RowDraft } from './row-drafts';
import { formParameters, type ParamsTab, switchParamsTab, type ToolForm } from './tool-form';

/**
 * Parameters as rows (name, type, required, description, allowed values, item type) or as a JSON Schema.
 * Switching tabs goes through the schema both ways and is refused, with the reason, whenever it would drop
 * something; a schema the rows cannot show exactly stays in the JSON tab.
 */
export function ParametersEditor({
  form,
  onChange,
  serverError,
}: {
  form: ToolForm;
  onChange: (next: ToolForm) => void;
  serverError?: string;
}) {
  const { t } = useTranslation();
  const [switchError, setSwitchError] = useState<string | null>(null);
  const state = formParameters(form);
  const rowProblems = state.ok ? [] : state.rowProblems;

  const switchTo = (tab: ParamsTab) => {
    const result = switchParamsTab(form, tab);
    if ('error' in result) setSwitchError(result.error);
    else {
      setSwitchError(null);
      onChange(result.form);
    }
  };

  const updateRow = (key: number, patch: Partial<RowDraft>) =>
    onChange({ ...form, rows: form.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });

  return (
    <fieldset className="parameters">
      <legend>{t('functions.params.title')}</legend>
      <div role="tablist" aria-label={t('functions.params.editor')} className="tabs">
        {(['rows', 'json'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`params-tab-${tab}`}
            aria-selected={form.paramsTab === tab}
            aria-controls={`params-panel-${tab}`}
            className={form.paramsTab === tab ? 'tab selected' : 'tab'}
            onClick={() => switchTo(tab)}
          >
            {tab === 'rows' ? t('functions.params.rows') : 'JSON Schema'}
          </button>
        ))}
      </div>
      {switchError && (
        <p className="error" role="alert">
          {switchError}
        </p>
      )}

      {form.paramsTab === 'rows' ? (
        <div role="tabpanel" id="params-panel-rows" aria-labelledby="params-tab-rows">
          {form.rows.length === 0 && <p className="hint">{t('functions.params.none')}</p>}
          <ol className="param-rows">
            {form.rows.map((row, i) => {
              const n = i + 1;
              const problems = rowProblems.filter((p) => p.key === row.key);
              return (
                <li key={row.key} className="param-row">
                  <label>
                    {t('functions.params.name')}
                    <input
                      aria-label={t('functions.params.nameOf', { n })}
                      value={row.name}
                      onChange={(e) => updateRow(row.key, { name: e.target.value })}
                      aria-invalid={problems.some((p) => p.field === 'name')}
                    />
                  </label>
                  <label>
                    {t('functions.params.type')}
                    <select
                      aria-label={t('functions.params.typeOf', { n })}
                      value={row.type}
                      onChange={(e) => updateRow(row.key, { type: e.target.value as ParameterType })}
                    >
                      {PARAMETER_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="inline">
                    <input
                      type="checkbox"
                      aria-label={t('functions.params.requiredOf', { n })}
                      checked={row.required}
                      onChange={(e) => updateRow(row.key, { required: e.target.checked })}
                    />
                    {t('functions.params.required')}
                  </label>
                  <button
                    type="button"
                    className="danger"
                    aria-label={
                      row.name
                        ? t('functions.params.removeNamed', { n, name: row.name })
                        : t('functions.params.removeOf', { n })
                    }
                    onClick={() => onChange({ ...form, rows: form.rows.filter((r) => r.key !== row.key) })}
                  >
                    {t('functions.params.remove')}
                  </button>
                  <label className="wide">
                    {t('functions.params.description')}
                    <input
                      aria-label={t('functions.params.descriptionOf', { n })}
                      value={row.description}
                      onChange={(e) => updateRow(row.key, { description: e.target.value })}
                    />
                  </label>
                  {enumAllowed(row.type) && (
                    <label className="wide">
                      {t('functions.params.allowed')}
                      <input
                        aria-label={t('functions.params.allowedOf', { n })}
                        value={row.enumText}
                        onChange={(e) => updateRow(row.key, { enumText: e.target.value })}
                        aria-invalid={problems.some((p) => p.field === 'enum')}
                      />
                    </label>
                  )}
                  {row.type === 'array' && (
                    <label>
                      {t('functions.params.itemType')}
                      <select
                        aria-label={t('functions.params.itemTypeOf', { n })}
                        value={row.itemsType}
                        onChange={(e) =>
                          updateRow(row.key, { itemsType: e.target.value as ParameterType | '' })
                        }
                      >
                        <option value="">{t('functions.params.any')}</option>
                        {PARAMETER_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {t}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}

                  {problems.map((p) => (
                    <p key={p.field + p.message} className="error wide" role="alert">
                      {p.message}
                    </p>
                  ))}
                </li>
              );
            })}
          </ol>
          <button type="button" onClick={() => onChange({ ...form, rows: [...form.rows, newRowDraft()] })}>
            {t('functions.params.add')}
          </button>
        </div>
      ) : (
        <div role="tabpanel" id="params-panel-json" aria-labelledby="params-tab-json">
          <label htmlFor="parameters-json">{t('functions.params.schema')}</label>
          <textarea
            id="parameters-json"
            rows={12}
            spellCheck={false}
            value={form.schemaText}
            onChange={(e) => onChange({ ...form, schemaText: e.target.value })}
            aria-invalid={!state.ok}
          />
          <p className="hint">{t('functions.params.schemaHint')}</p>
          {!state.ok && state.jsonError && (
            <p className="error" role="alert">
              {state.jsonError}
            </p>
          )}
        </div>
      )}
      {serverError && (
        <p className="error" role="alert">
          {serverError}
        </p>
      )}
    </fieldset>
  );
}
