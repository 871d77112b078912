// The editor's form state and how it maps to the API's tool fields. Pure functions, unit-tested.

import { deepEqual, isPlainObject, type JsonSchema, normalizeParametersSchema } from '@toolsmith/core/schema';
import type { Tool, ToolInput, ToolMode } from '../../api/types';
import { type DraftProblem, draftsFromSchema, type RowDraft, schemaFromDrafts } from './row-drafts';

export type EditableKind = ToolInput['kind'];
export type ParamsTab = 'rows' | 'json';

export interface ToolForm {
  name: string;
  displayName: string;
  description: string;
  mode: ToolMode;
  kind: EditableKind;
  body: string;
  simulateBody: string;
  staticResult: string;
  webhookUrl: string;
  includeHiddenContext: boolean;
  /** script tools: may call fetch */
  allowFetch: boolean;
  paramsTab: ParamsTab;
  rows: RowDraft[];
  /** the JSON tab's text (kept while the rows tab is shown, refreshed when switching to it) */
  schemaText: string;
}

export const EMPTY_SCHEMA: JsonSchema = { type: 'object', properties: {} };
export const NEW_SCRIPT_BODY =
  '// args: the arguments the model sent; ctx: what the host shares\nreturn { ok: true };\n';

export function schemaText(schema: unknown): string {
  return JSON.stringify(schema, null, 2);
}

/** A form for a stored tool; a schema the rows cannot show exactly opens in the JSON tab. */
export function formFromTool(tool: Tool | null): ToolForm {
  const parameters = normalizeParametersSchema(tool?.parameters ?? EMPTY_SCHEMA);
  const drafts = draftsFromSchema(parameters);
  return {
    name: tool?.name ?? '',
    displayName: tool?.displayName ?? '',
    description: tool?.description ?? '',
    mode: tool?.mode ?? 'read',
    kind: tool?.kind ?? 'static',
    body: tool?.body ?? '',
    simulateBody: tool?.simulateBody ?? '',
    staticResult: tool?.staticResult ?? '',
    webhookUrl: tool?.webhookUrl ?? '',
    includeHiddenContext: tool?.includeHiddenContext ?? false,
    allowFetch: tool?.allowFetch ?? false,
    paramsTab: drafts ? 'rows' : 'json',
    rows: drafts ?? [],
    schemaText: schemaText(parameters),
  };
}

export type ParametersState =
  | { ok: true; schema: JsonSchema }
  | { ok: false; jsonError?: string; rowProblems: DraftProblem[] };

/** The parameters schema the form currently describes, or why it cannot be built. */
export function formParameters(form: ToolForm): ParametersState {
  if (form.paramsTab === 'rows') {
    const { schema, problems } = schemaFromDrafts(form.rows);
    return schema ? { ok: true, schema } : { ok: false, rowProblems: problems };
  }
  try {
    const parsed: unknown = JSON.parse(form.schemaText);
    if (!isPlainObject(parsed))
      return { ok: false, jsonError: 'The schema must be a JSON object.', rowProblems: [] };
    // `{}` and a schema without `type` are the empty object schema (Marinara's reading)
    return { ok: true, schema: normalizeParametersSchema(parsed) };
  } catch (error) {
    return {
      ok: false,
      jsonError: `The schema is not valid JSON: ${(error as Error).message}`,
      rowProblems: [],
    };
  }
}

/** The tool fields to send. Kind-specific fields of other kinds are sent as they are, never dropped. */
export function inputFromForm(
  form: ToolForm,
): { input: ToolInput } | { problem: ParametersState & { ok: false } } {
  const parameters = formParameters(form);
  if (!parameters.ok) return { problem: parameters };
  return {
    input: {
      name: form.name,
      displayName: form.displayName,
      description: form.description,
      parameters: parameters.schema,
      mode: form.mode,
      kind: form.kind,
      body: form.body,
      simulateBody: form.simulateBody,
      staticResult: form.staticResult,
      webhookUrl: form.webhookUrl,
      includeHiddenContext: form.kind === 'static' ? false : form.includeHiddenContext,
      allowFetch: form.kind === 'script' && form.allowFetch,
    },
  };
}

/** Comparable view of a form: the built schema, or the raw text when it cannot be built. */
function snapshot(form: ToolForm): Record<string, unknown> {
  const built = inputFromForm(form);
  if ('input' in built) return { ...built.input };
  return {
    ...form,
    parameters: form.paramsTab === 'json' ? form.schemaText : form.rows.map(({ key: _k, ...rest }) => rest),
    rows: undefined,
    schemaText: undefined,
    paramsTab: undefined,
  };
}

export function isDirty(form: ToolForm, baseline: ToolForm): boolean {
  return !deepEqual(snapshot(form), snapshot(baseline));
}

/** Only the fields that changed, for PATCH (so `enabled` and untouched fields are never sent). */
export function changedFields(input: ToolInput, baseline: ToolForm): Partial<ToolInput> {
  const before = inputFromForm(baseline);
  if (!('input' in before)) return input;
  const out: Partial<ToolInput> = {};
  for (const key of Object.keys(input) as (keyof ToolInput)[]) {
    if (!deepEqual(input[key], before.input[key])) (out as Record<string, unknown>)[key] = input[key];
  }
  return out;
}

/** Switches the parameters tab; refuses (with the reason) when leaving would lose something. */
export function switchParamsTab(form: ToolForm, tab: ParamsTab): { form: ToolForm } | { error: string } {
  if (tab === form.paramsTab) return { form };
  const current = formParameters(form);
  if (!current.ok) {
    return {
      error:
        current.jsonError ??
        'Fix the problems in the rows first (each is shown beside its row); nothing is thrown away.',
    };
  }
  if (tab === 'json') return { form: { ...form, paramsTab: 'json', schemaText: schemaText(current.schema) } };
  const drafts = draftsFromSchema(current.schema);
  if (!drafts) {
    return {
      error:
        'This schema uses things the rows cannot show (for example nested objects, formats, defaults or combined schemas), so it stays in the JSON tab to keep every field.',
    };
  }
  return { form: { ...form, paramsTab: 'rows', rows: drafts, schemaText: schemaText(current.schema) } };
}

export function parameterCount(parameters: unknown): number {
  if (!isPlainObject(parameters) || !isPlainObject(parameters.properties)) return 0;
  return Object.keys(parameters.properties).length;
}
