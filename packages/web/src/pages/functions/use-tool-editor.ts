import { reservedToolNames } from '@toolsmith/core/schema';
import { type Dispatch, useEffect, useReducer } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import type { Capabilities, Tool, ToolsList } from '../../api/types';
import { hrefFor } from '../../app/router';
import { downloadExport, exportedMessage } from '../../components/download';
import { setFlash, useFlashState } from '../../components/flash';
import { navigateUnguarded, useLeaveGuard } from '../../components/leave-guard';
import { i18n } from '../../i18n/i18n';
import { returnToChatWithNewTool } from '../chats/new-tool-for-chat';
import { groupFieldErrors } from './field-errors';
import { type EditorAction, type EditorState, editorReducer, initialEditorState } from './tool-editor-state';
import { changedFields, inputFromForm, isDirty } from './tool-form';

export interface ToolEditor {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  dirty: boolean;
  /** the "Saved …" / "Exported …" line (a first save arrives here under the new address with it) */
  notice: string | null;
  /** saves; true when stored. Failures stay on screen with the server's words. */
  save: () => Promise<boolean>;
  /** the leave dialog's Save & close */
  saveAndClose: () => Promise<void>;
  toggleEnabled: (enabled: boolean) => Promise<void>;
  exportJson: (withSecrets: boolean) => Promise<void>;
}

/** Loads the tool (or a blank form), and the requests of the editor: save, switch on/off, export. */
export function useToolEditor(id: string | null): ToolEditor {
  const [state, dispatch] = useReducer(editorReducer, undefined, initialEditorState);
  const [notice, setNotice] = useFlashState();
  const { loaded, form, baseline, confirmCredentials, leaveTarget } = state;
  const tool = loaded?.tool ?? null;

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const [list, caps, tool] = await Promise.all([
          api.get<ToolsList>('/api/tools'),
          api.get<Capabilities>('/api/tools/capabilities'),
          id ? api.get<Tool>(`/api/tools/${encodeURIComponent(id)}`) : Promise.resolve(null),
        ]);
        if (cancelled) return;
        dispatch({
          type: 'loaded',
          loaded: {
            tool,
            caps,
            otherNames: new Set(list.tools.filter((t) => t.id !== tool?.id).map((t) => t.name)),
            reservedNames: new Set(reservedToolNames(list.builtin.map((b) => b.name))),
          },
        });
      } catch (e) {
        if (!cancelled) dispatch({ type: 'loadFailed', error: errorMessage(e) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id]);

  const dirty = loaded !== null && isDirty(form, baseline);
  useLeaveGuard(dirty, (target) => dispatch({ type: 'leaveAsked', target }));

  const save = async (): Promise<boolean> => {
    dispatch({ type: 'saveStarted' });
    const built = inputFromForm(form);
    if ('problem' in built) {
      const message = built.problem.jsonError ?? i18n.t('functions.editor.fixParameters');
      dispatch({ type: 'saveRefused', error: message, fieldErrors: { parameters: [message] } });
      return false;
    }
    const confirm = confirmCredentials ? { confirmCredentials: true } : {};
    try {
      let saved: Tool;
      if (!tool) {
        saved = await api.post<Tool>('/api/tools', { ...built.input, ...confirm });
      } else {
        const changes = changedFields(built.input, baseline);
        if (Object.keys(changes).length === 0) {
          dispatch({ type: 'saved', tool: null });
          return true;
        }
        saved = await api.patch<Tool>(`/api/tools/${encodeURIComponent(tool.id)}`, {
          ...changes,
          ...confirm,
        });
      }
      dispatch({ type: 'saved', tool: saved });
      const message = i18n.t('functions.editor.saved', { name: saved.name });
      setNotice(message);
      if (!tool) {
        // made from a chat's picker: back to that chat with the function switched on there
        if (await returnToChatWithNewTool(saved)) return true;
        setFlash(message);
        navigateUnguarded(hrefFor({ page: 'function-edit', id: saved.id }));
      }
      return true;
    } catch (e) {
      dispatch({
        type: 'saveRefused',
        error: errorMessage(e),
        details:
          e instanceof ApiError && e.fieldErrors.length > 1
            ? e.fieldErrors.map((d) => `${d.field || 'body'}: ${d.message}`)
            : [],
        fieldErrors: groupFieldErrors(e),
      });
      return false;
    }
  };

  const saveAndClose = async () => {
    const target = leaveTarget;
    if (!target) return;
    if (await save()) {
      dispatch({ type: 'leaveCancelled' });
      navigateUnguarded(target);
    } else {
      dispatch({ type: 'leaveFailed' });
    }
  };

  const toggleEnabled = async (enabled: boolean) => {
    if (!tool) return;
    dispatch({ type: 'actionFailed', error: null });
    try {
      const updated = await api.patch<Tool>(`/api/tools/${encodeURIComponent(tool.id)}`, { enabled });
      dispatch({ type: 'enabledChanged', enabled: updated.enabled });
    } catch (e) {
      dispatch({ type: 'actionFailed', error: errorMessage(e) });
    }
  };

  const exportJson = async (withSecrets: boolean) => {
    if (!tool) return;
    dispatch({ type: 'exportWarning', open: false });
    dispatch({ type: 'actionFailed', error: null });
    try {
      const { name, secrets } = await downloadExport(
        `/api/tools/${encodeURIComponent(tool.id)}/export${withSecrets ? '?secrets=include' : ''}`,
        `${tool.name}.json`,
      );
      setNotice(exportedMessage(name, secrets));
    } catch (e) {
      dispatch({ type: 'actionFailed', error: errorMessage(e) });
    }
  };

  return { state, dispatch, dirty, notice, save, saveAndClose, toggleEnabled, exportJson };
}
