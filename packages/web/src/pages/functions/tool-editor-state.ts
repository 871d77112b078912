// The tool editor's state in one reducer: what was loaded, the form and its saved baseline, the save's outcome,
// and the open dialogs. Pure (no requests, no texts): the page's hook sends the requests and dispatches what
// came back, and the page words it in the UI's language.
import type { Capabilities, Tool } from '../../api/types';
import type { FieldErrors } from './field-errors';
import { formFromTool, type ParametersState, type ToolForm } from './tool-form';

export interface Loaded {
  tool: Tool | null;
  /** names of the other custom tools (a new name must differ) */
  otherNames: Set<string>;
  /** built-in names (reserved) */
  reservedNames: Set<string>;
  caps: Capabilities;
}

export interface EditorState {
  loaded: Loaded | null;
  loadError: string | null;
  /** the form as last loaded or saved: "Unsaved changes" compares with it */
  baseline: ToolForm;
  form: ToolForm;
  saving: boolean;
  saveError: string | null;
  /** one line per field when the server refused several */
  saveDetails: string[];
  fieldErrors: FieldErrors;
  /** the name check shows once the name was typed in or left */
  nameTouched: boolean;
  /** where the user wanted to go with unsaved changes (the leave dialog is open while set) */
  leaveTarget: string | null;
  /** the leave dialog's Save & close failed */
  leaveFailed: boolean;
  exportWarning: boolean;
  /** the user agreed to store credentials written into the webhook URL */
  confirmCredentials: boolean;
  /** failures of actions other than saving (switching on/off, exporting) */
  actionError: string | null;
}

export type EditorAction =
  | { type: 'loaded'; loaded: Loaded }
  | { type: 'loadFailed'; error: string }
  | { type: 'edit'; patch: Partial<ToolForm> }
  | { type: 'replaceForm'; form: ToolForm }
  | { type: 'nameTouched' }
  | { type: 'saveStarted' }
  | { type: 'saveRefused'; error: string; details?: string[]; fieldErrors: FieldErrors }
  /** `tool` null: nothing had changed, nothing was sent */
  | { type: 'saved'; tool: Tool | null }
  | { type: 'dismissSaveError' }
  | { type: 'leaveAsked'; target: string }
  | { type: 'leaveCancelled' }
  | { type: 'leaveFailed' }
  /** leave without saving: the form goes back to the baseline */
  | { type: 'discarded' }
  | { type: 'exportWarning'; open: boolean }
  | { type: 'confirmCredentials'; value: boolean }
  | { type: 'actionFailed'; error: string | null }
  | { type: 'enabledChanged'; enabled: boolean };

export function initialEditorState(): EditorState {
  const empty = formFromTool(null);
  return {
    loaded: null,
    loadError: null,
    baseline: empty,
    form: empty,
    saving: false,
    saveError: null,
    saveDetails: [],
    fieldErrors: {},
    nameTouched: false,
    leaveTarget: null,
    leaveFailed: false,
    exportWarning: false,
    confirmCredentials: false,
    actionError: null,
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded': {
      const start = formFromTool(action.loaded.tool);
      return { ...state, loaded: action.loaded, loadError: null, baseline: start, form: start };
    }
    case 'loadFailed':
      return { ...state, loadError: action.error };
    case 'edit':
      return { ...state, form: { ...state.form, ...action.patch } };
    case 'replaceForm':
      return { ...state, form: action.form };
    case 'nameTouched':
      return state.nameTouched ? state : { ...state, nameTouched: true };
    case 'saveStarted':
      return { ...state, saving: true, saveError: null, saveDetails: [], fieldErrors: {} };
    case 'saveRefused':
      return {
        ...state,
        saving: false,
        saveError: action.error,
        saveDetails: action.details ?? [],
        fieldErrors: action.fieldErrors,
      };
    case 'saved': {
      if (!action.tool) return { ...state, saving: false };
      const fresh = formFromTool(action.tool);
      const loaded = state.loaded ? { ...state.loaded, tool: action.tool } : state.loaded;
      return { ...state, saving: false, baseline: fresh, form: fresh, loaded };
    }
    case 'dismissSaveError':
      return { ...state, saveError: null };
    case 'leaveAsked':
      return { ...state, leaveTarget: action.target, leaveFailed: false };
    case 'leaveCancelled':
      return { ...state, leaveTarget: null, leaveFailed: false };
    case 'leaveFailed':
      return { ...state, leaveFailed: true };
    case 'discarded':
      return { ...state, leaveTarget: null, leaveFailed: false, form: state.baseline };
    case 'exportWarning':
      return { ...state, exportWarning: action.open };
    case 'confirmCredentials':
      return { ...state, confirmCredentials: action.value };
    case 'actionFailed':
      return { ...state, actionError: action.error };
    case 'enabledChanged': {
      const tool = state.loaded?.tool;
      if (!state.loaded || !tool) return state;
      return { ...state, loaded: { ...state.loaded, tool: { ...tool, enabled: action.enabled } } };
    }
  }
}

/** The dry run's request body: the stored tool when saved and unchanged, else the editor's fields. */
export function dryRunRequest(
  tool: Tool | null,
  dirty: boolean,
  form: ToolForm,
  parameters: ParametersState,
): Record<string, unknown> {
  if (tool && !dirty) return { id: tool.id };
  const request: Record<string, unknown> = { kind: form.kind, mode: form.mode };
  if (parameters.ok) request.parameters = parameters.schema;
  if (form.kind === 'static') request.staticResult = form.staticResult;
  if (form.kind === 'webhook') {
    request.webhookUrl = form.webhookUrl;
    request.includeHiddenContext = form.includeHiddenContext;
  }
  if (form.kind === 'script') {
    request.body = form.body;
    request.simulateBody = form.simulateBody;
    request.includeHiddenContext = form.includeHiddenContext;
    request.allowFetch = form.allowFetch;
  }
  return request;
}

export type DryRunBlock = 'scriptsDisabled' | 'parameters' | 'body' | 'webhookUrl';

/** Why the dry run cannot start yet (the first reason only), or null. */
export function dryRunBlock(
  form: ToolForm,
  parameters: ParametersState,
  scriptsEnabled: boolean,
): DryRunBlock | null {
  if (form.kind === 'script' && !scriptsEnabled) return 'scriptsDisabled';
  if (!parameters.ok) return 'parameters';
  if (form.kind === 'script' && form.body.trim() === '') return 'body';
  if (form.kind === 'webhook' && form.webhookUrl.trim() === '') return 'webhookUrl';
  return null;
}
