// The connection form's draft and how it turns into a request body (docs/api.md, "Connections and presets").
// The API key is write-only: the draft never holds the stored key, only what the user typed or asked to clear.
import { INSTRUCT_TEMPLATE_CHOICES } from '@toolsmith/core/schema';
import type { Connection, ConnectionApi, FunctionCallMode } from '../../api/types';
import { i18n } from '../../i18n/i18n';

export const API_FAMILIES: ReadonlyArray<{ value: ConnectionApi; label: string }> = [
  { value: 'openai', label: 'OpenAI-compatible (Chat Completions)' },
  { value: 'openai-responses', label: 'OpenAI Responses API' },
  { value: 'anthropic', label: 'Anthropic (Messages)' },
  { value: 'google', label: 'Google Gemini' },
  { value: 'text-completion', label: 'Text completion (local backends)' },
];

export const FUNCTION_CALL_MODES: ReadonlyArray<{ value: FunctionCallMode; label: string; help: string }> = [
  {
    value: 'auto',
    label: 'Auto',
    help: 'Native tools where the backend supports them, otherwise the text protocol.',
  },
  { value: 'native', label: 'Native', help: "Tools sent in the provider's own format." },
  {
    value: 'prompt_xml',
    label: 'Prompt (XML)',
    help: 'Tools described in the prompt; calls read as XML tags.',
  },
  {
    value: 'prompt_json',
    label: 'Prompt (JSON)',
    help: 'Tools described in the prompt; calls read as JSON.',
  },
];

export const TEXT_BACKENDS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Default (OpenAI-style /v1/completions)' },
  { value: 'koboldcpp', label: 'KoboldCpp' },
  { value: 'openai-completions', label: 'OpenAI-style /v1/completions' },
  { value: 'ollama', label: 'Ollama' },
  { value: 'llamacpp', label: 'llama.cpp server /completion' },
];

export const INSTRUCT_TEMPLATES: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Default (ChatML)' },
  ...INSTRUCT_TEMPLATE_CHOICES,
];

/** A user-defined instruct template: JSON sequences in the same field (docs/providers.md). */
export const isCustomTemplate = (value: string) => value.trimStart().startsWith('{');

/** What "Custom…" starts from: every sequence, so the user edits rather than looks them up. */
export const CUSTOM_TEMPLATE_STARTER = JSON.stringify(
  {
    systemPrefix: '### System:\n',
    systemSuffix: '\n\n',
    userPrefix: '### User:\n',
    userSuffix: '\n\n',
    assistantPrefix: '### Assistant:\n',
    assistantSuffix: '\n\n',
    replyPrefix: '',
    stop: ['### User:'],
  },
  null,
  2,
);

export interface ConnectionDraft {
  name: string;
  api: ConnectionApi;
  baseUrl: string;
  model: string;
  /** what the user typed; empty = leave the stored key as it is */
  apiKey: string;
  /** the user asked to remove the stored key */
  clearKey: boolean;
  functionCallingEnabled: boolean;
  functionCallingMode: FunctionCallMode;
  instructTemplate: string;
  textBackend: string;
  toolCallFormat: string;
  /** '' = not set (images are sent), 'on' = the model reads images, 'off' = text only */
  vision: '' | 'on' | 'off';
  /** the server's template opens `<think>` for every reply */
  replyStartsInReasoning: boolean;
  /** the model's own reasoning tags ('' and '' = none) */
  reasoningOpen: string;
  reasoningClose: string;
}

export function emptyDraft(): ConnectionDraft {
  return {
    name: '',
    api: 'openai',
    baseUrl: '',
    model: '',
    apiKey: '',
    clearKey: false,
    functionCallingEnabled: true,
    functionCallingMode: 'auto',
    instructTemplate: '',
    textBackend: '',
    toolCallFormat: 'auto',
    vision: '',
    replyStartsInReasoning: false,
    reasoningOpen: '',
    reasoningClose: '',
  };
}

export function draftFrom(connection: Connection): ConnectionDraft {
  return {
    name: connection.name,
    api: connection.api,
    baseUrl: connection.baseUrl ?? '',
    model: connection.model ?? '',
    apiKey: '',
    clearKey: false,
    functionCallingEnabled: connection.functionCalling.enabled,
    functionCallingMode: connection.functionCalling.mode,
    instructTemplate: connection.instructTemplate ?? '',
    textBackend: connection.textBackend ?? '',
    toolCallFormat: connection.toolCallFormat ?? 'auto',
    vision: connection.vision === true ? 'on' : connection.vision === false ? 'off' : '',
    replyStartsInReasoning: connection.replyStartsInReasoning === true,
    reasoningOpen: connection.reasoningTags?.open ?? '',
    reasoningClose: connection.reasoningTags?.close ?? '',
  };
}

/**
 * The body for POST (creating) or PATCH (editing). A typed key always wins over "clear"; an untouched key field
 * sends nothing, so saving other fields never drops the stored key. Text-completion-only fields are sent as
 * empty for other families so a family switch does not leave stale settings behind.
 */
export function connectionBody(draft: ConnectionDraft, creating: boolean): Record<string, unknown> {
  const textCompletion = draft.api === 'text-completion';
  const body: Record<string, unknown> = {
    name: draft.name.trim(),
    api: draft.api,
    baseUrl: draft.baseUrl.trim(),
    model: draft.model.trim(),
    functionCalling: { enabled: draft.functionCallingEnabled, mode: draft.functionCallingMode },
    instructTemplate: textCompletion ? draft.instructTemplate : '',
    textBackend: textCompletion ? draft.textBackend : '',
    toolCallFormat: draft.toolCallFormat,
    vision: draft.vision === '' ? null : draft.vision === 'on',
    replyStartsInReasoning: draft.replyStartsInReasoning,
    // both empty: none; one empty is sent as it is, for the server to name what is missing
    reasoningTags:
      draft.reasoningOpen.trim() === '' && draft.reasoningClose.trim() === ''
        ? null
        : { open: draft.reasoningOpen.trim(), close: draft.reasoningClose.trim() },
  };
  if (draft.apiKey !== '') body.apiKey = draft.apiKey;
  else if (draft.clearKey && !creating) body.apiKey = null;
  return body;
}

/** A short line for the list: where the connection goes and with which model. */
export function connectionSummary(connection: Connection): string {
  const family = API_FAMILIES.some((f) => f.value === connection.api)
    ? i18n.t(`connections.family.${connection.api}`)
    : connection.api;
  const parts = [family];
  if (connection.model) parts.push(connection.model);
  parts.push(connection.baseUrl || i18n.t('connections.providerDefaultUrl'));
  return parts.join(' · ');
}
