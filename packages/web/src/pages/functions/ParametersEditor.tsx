import { PARAMETER_TYPES, type ParameterType } from '@toolsmith/core/schema';
import { useState } from 'react';
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
      <legend>Parameters</legend>
      <div role="tablist" aria-label="Parameters editor" className="tabs">
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
            {tab === 'rows' ? 'Rows' : 'JSON Schema'}
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
          {form.rows.length === 0 && (
            <p className="hint">No parameters: the tool is called without arguments.</p>
          )}
          <ol className="param-rows">
            {form.rows.map((row, i) => {
              const n = i + 1;
              const problems = rowProblems.filter((p) => p.key === row.key);
              return (
                <li key={row.key} className="param-row">
                  <label>
                    Name
                    <input
                      aria-label={`Parameter ${n} name`}
                      value={row.name}
                      onChange={(e) => updateRow(row.key, { name: e.target.value })}
                      aria-invalid={problems.some((p) => p.field === 'name')}
                    />
                  </label>
                  <label>
                    Type
                    <select
                      aria-label={`Parameter ${n} type`}
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
                      aria-label={`Parameter ${n} required`}
                      checked={row.required}
                      onChange={(e) => updateRow(row.key, { required: e.target.checked })}
                    />
                    Required
                  </label>
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Remove parameter ${n}${row.name ? ` (${row.name})` : ''}`}
                    onClick={() => onChange({ ...form, rows: form.rows.filter((r) => r.key !== row.key) })}
                  >
                    Remove
                  </button>
                  <label className="wide">
                    Description
                    <input
                      aria-label={`Parameter ${n} description`}
                      value={row.description}
                      onChange={(e) => updateRow(row.key, { description: e.target.value })}
                    />
                  </label>
                  {enumAllowed(row.type) && (
                    <label className="wide">
                      Allowed values (comma-separated, optional)
                      <input
                        aria-label={`Parameter ${n} allowed values`}
                        value={row.enumText}
                        onChange={(e) => updateRow(row.key, { enumText: e.target.value })}
                        aria-invalid={problems.some((p) => p.field === 'enum')}
                      />
                    </label>
                  )}
                  {row.type === 'array' && (
                    <label>
                      Item type
                      <select
                        aria-label={`Parameter ${n} item type`}
                        value={row.itemsType}
                        onChange={(e) =>
                          updateRow(row.key, { itemsType: e.target.value as ParameterType | '' })
                        }
                      >
                        <option value="">any</option>
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
            Add parameter
          </button>
        </div>
      ) : (
        <div role="tabpanel" id="params-panel-json" aria-labelledby="params-tab-json">
          <label htmlFor="parameters-json">Parameters JSON Schema</label>
          <textarea
            id="parameters-json"
            rows={12}
            spellCheck={false}
            value={form.schemaText}
            onChange={(e) => onChange({ ...form, schemaText: e.target.value })}
            aria-invalid={!state.ok}
          />
          <p className="hint">
            A JSON Schema object with "type": "object" at the root ({} or a schema without "type" counts as
            the empty object schema, as in Marinara). Anything JSON Schema allows works here.
          </p>
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
