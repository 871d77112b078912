// Connection presets (GET /api/connections/presets) and how one fills the form's draft.
import type { ConnectionPreset } from '../../api/types';

export type { ConnectionPreset };

import type { ConnectionDraft } from './connection-form';

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
