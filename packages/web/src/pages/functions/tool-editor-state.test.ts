import { describe, expect, it } from 'vitest';
import type { Capabilities, Tool } from '../../api/types';
import { dryRunBlock, dryRunRequest, editorReducer, initialEditorState } from './tool-editor-state';
import { formFromTool, formParameters, isDirty } from './tool-form';

const caps = { scriptExecutionEnabled: true, localWebhooksEnabled: false, timeoutMs: 5000 } as Capabilities;
const stored = {
  id: 't1',
  name: 'roll_dice',
  displayName: '',
  description: 'Rolls dice.',
  kind: 'static',
  mode: 'read',
  enabled: true,
  staticResult: '4',
  parameters: { type: 'object', properties: {} },
} as unknown as Tool;

const loadedState = () =>
  editorReducer(initialEditorState(), {
    type: 'loaded',
    loaded: { tool: stored, caps, otherNames: new Set(), reservedNames: new Set() },
  });

describe('the tool editor reducer', () => {
  it('starts clean from the loaded tool and becomes dirty on an edit', () => {
    const state = loadedState();
    expect(state.form.name).toBe('roll_dice');
    expect(isDirty(state.form, state.baseline)).toBe(false);
    const edited = editorReducer(state, { type: 'edit', patch: { staticResult: '6' } });
    expect(isDirty(edited.form, edited.baseline)).toBe(true);
  });

  it('keeps the edits when a save is refused and takes the saved tool as the new baseline', () => {
    let state = editorReducer(loadedState(), { type: 'edit', patch: { name: 'bad name' } });
    state = editorReducer(state, { type: 'saveStarted' });
    expect(state.saving).toBe(true);
    state = editorReducer(state, {
      type: 'saveRefused',
      error: 'name: invalid',
      fieldErrors: { name: ['invalid'] },
    });
    expect(state).toMatchObject({
      saving: false,
      saveError: 'name: invalid',
      fieldErrors: { name: ['invalid'] },
    });
    expect(state.form.name).toBe('bad name');
    state = editorReducer(state, { type: 'edit', patch: { name: 'roll_d20' } });
    state = editorReducer(state, { type: 'saveStarted' });
    expect(state.saveError).toBeNull();
    expect(state.fieldErrors).toEqual({});
    state = editorReducer(state, { type: 'saved', tool: { ...stored, name: 'roll_d20' } });
    expect(state.loaded?.tool?.name).toBe('roll_d20');
    expect(isDirty(state.form, state.baseline)).toBe(false);
  });

  it('discarding on leave goes back to the baseline and closes the dialog', () => {
    let state = editorReducer(loadedState(), { type: 'edit', patch: { description: 'changed' } });
    state = editorReducer(state, { type: 'leaveAsked', target: '#/chats' });
    state = editorReducer(state, { type: 'leaveFailed' });
    expect(state).toMatchObject({ leaveTarget: '#/chats', leaveFailed: true });
    state = editorReducer(state, { type: 'discarded' });
    expect(state).toMatchObject({ leaveTarget: null, leaveFailed: false });
    expect(state.form).toEqual(state.baseline);
  });

  it('switching on or off changes only the loaded tool', () => {
    const state = editorReducer(loadedState(), { type: 'enabledChanged', enabled: false });
    expect(state.loaded?.tool?.enabled).toBe(false);
    expect(editorReducer(initialEditorState(), { type: 'enabledChanged', enabled: false }).loaded).toBeNull();
  });
});

describe('the dry run', () => {
  it('sends the stored tool when saved and unchanged, else the editor’s fields', () => {
    const form = formFromTool(stored);
    expect(dryRunRequest(stored, false, form, formParameters(form))).toEqual({ id: 't1' });
    expect(dryRunRequest(stored, true, form, formParameters(form))).toEqual({
      kind: 'static',
      mode: 'read',
      parameters: { type: 'object', properties: {} },
      staticResult: '4',
    });
  });

  it('names the first thing missing before it can run', () => {
    const script = { ...formFromTool(null), kind: 'script' as const, body: ' ' };
    expect(dryRunBlock(script, formParameters(script), false)).toBe('scriptsDisabled');
    expect(dryRunBlock(script, formParameters(script), true)).toBe('body');
    const badSchema = { ...script, paramsTab: 'json' as const, schemaText: '[' };
    expect(dryRunBlock(badSchema, formParameters(badSchema), true)).toBe('parameters');
    const webhook = { ...formFromTool(null), kind: 'webhook' as const };
    expect(dryRunBlock(webhook, formParameters(webhook), true)).toBe('webhookUrl');
    expect(dryRunBlock(formFromTool(stored), formParameters(formFromTool(stored)), true)).toBeNull();
  });
});
