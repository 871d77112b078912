// Connection presets (GET /api/connections/presets) and how one fills the form's draft.
import type { ConnectionApi, FunctionCallMode } from '../../api/types';
import type { ConnectionDraft } from './connection-form';

export interface ConnectionPreset {
  id: string;
  label: string;
  api: ConnectionApi;
  baseUrl: string;
  textBackend?: string;
  model: string;
  functionCalling: { enabled: boolean; mode: FunctionCallMode };
  apiKey: 'required' | 'none';
  local: boolean;
  notes: string;
}

/**
 * The draft after picking a preset: where the backend listens, its family, a model to start with and the
 * function-calling mode that suits it. A name the user already typed and a typed key are kept.
 */
export function applyPreset(draft: ConnectionDraft, preset: ConnectionPreset): ConnectionDraft {
  return {
    ...draft,
    name: draft.name.trim() === '' ? preset.label : draft.name,
    api: preset.api,
    baseUrl: preset.baseUrl,
    model: preset.model,
    textBackend: preset.textBackend ?? '',
    functionCallingEnabled: preset.functionCalling.enabled,
    functionCallingMode: preset.functionCalling.mode,
  };
}
