import { GenerateTaskError } from '../base/errors.js';
import { ANTHROPIC_VERSION } from '../providers/anthropic/request.js';
import { joinUrl } from '../providers/http.js';
import type { Connection } from '../providers/types.js';
import { getJson } from './get-json.js';

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null) : [];

/** llama.cpp, KoboldCpp and Ollama roots: the base URL without its API path. */
function serverRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/(api\/v1|api|v1)$/, '');
}

/**
 * The models a connection's server offers ("Fetch models"): OpenAI-compatible `GET /models` (OpenAI,
 * OpenRouter, Ollama, LM Studio, llama.cpp, vLLM, DeepSeek, Mistral, Groq), Anthropic `GET /models`, Gemini
 * `GET /models` (those that generate content), KoboldCpp `/api/v1/model`, Ollama `/api/tags`. Sorted, no
 * duplicates. Failures are GenerateTaskErrors (auth_missing, network, ...).
 */
export async function listModels(
  connection: Pick<Connection, 'api' | 'baseUrl' | 'apiKey' | 'headers' | 'textBackend'>,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<string[]> {
  const base = connection.baseUrl;
  if (!base)
    throw new GenerateTaskError('invalid_input', 'The connection has no base URL to ask for models.');
  const key = connection.apiKey;
  const extra = connection.headers ?? {};
  let ids: string[];
  switch (connection.api) {
    case 'anthropic': {
      const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION, ...extra };
      if (key) headers['x-api-key'] = key;
      const body = (await getJson(joinUrl(base, 'models?limit=1000'), headers, options)) as Json;
      ids = list(body.data).map((m) => String(m.id ?? ''));
      break;
    }
    case 'google': {
      const headers: Record<string, string> = { ...extra };
      if (key) headers['x-goog-api-key'] = key;
      const body = (await getJson(joinUrl(base, 'models?pageSize=1000'), headers, options)) as Json;
      ids = list(body.models)
        .filter((m) => {
          const methods = m.supportedGenerationMethods;
          return !Array.isArray(methods) || methods.includes('generateContent');
        })
        .map((m) => String(m.name ?? '').replace(/^models\//, ''));
      break;
    }
    case 'text-completion': {
      const root = serverRoot(base);
      if (connection.textBackend === 'koboldcpp') {
        const body = (await getJson(joinUrl(root, 'api/v1/model'), extra, options)) as Json;
        ids = typeof body.result === 'string' ? [body.result] : [];
      } else if (connection.textBackend === 'ollama') {
        const body = (await getJson(joinUrl(root, 'api/tags'), extra, options)) as Json;
        ids = list(body.models).map((m) => String(m.name ?? m.model ?? ''));
      } else {
        const headers: Record<string, string> = { ...extra };
        if (key) headers.authorization = `Bearer ${key}`;
        const body = (await getJson(joinUrl(root, 'v1/models'), headers, options)) as Json;
        ids = list(body.data).map((m) => String(m.id ?? ''));
      }
      break;
    }
    default: {
      const headers: Record<string, string> = { ...extra };
      if (key) headers.authorization = `Bearer ${key}`;
      const body = (await getJson(joinUrl(base, 'models'), headers, options)) as Json;
      // OpenAI shape; some servers (older Ollama, llama.cpp) also or only send `models`
      const entries = list(body.data).length ? list(body.data) : list(body.models);
      ids = entries.map((m) => String(m.id ?? m.name ?? m.model ?? ''));
    }
  }
  return [...new Set(ids.filter((id) => id !== ''))].sort((a, b) => a.localeCompare(b));
}
