import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CONNECTION_PRESETS, type Connection, isGenerateTaskError, listModels } from '@toolsmith/core';
import { connectionRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import { buildInstructPrompt, type ChatMessage, getInstructTemplate } from '@toolsmith/core/internal';
import type { FastifyInstance } from 'fastify';
import { abortWhen } from '../app/abort-link.js';
import { notFound, validationError } from '../app/http-error.js';
import { providerFetch } from '../executors/provider-fetch.js';
import { DEFAULT_BASE_URLS, toCoreConnection } from '../executors/runtime-sources.js';
import type { ConnectionApi, StoredConnection } from '../storage/types.js';

/** How long "Fetch models" waits for the server. */
export const MODELS_TIMEOUT_MS = 15_000;
const privileged = { privileged: true };

/** The sample chat an instruct template is previewed with (system, user, assistant, user). */
const INSTRUCT_PREVIEW_CHAT: ChatMessage[] = [
  { role: 'system', content: 'You are Ayla, the lighthouse keeper.' },
  { role: 'user', content: 'Is a storm coming?' },
  { role: 'assistant', content: 'The gulls flew inland this morning.' },
  { role: 'user', content: 'Should I stay?' },
];

function originOf(api: ConnectionApi, baseUrl: string): string {
  try {
    return new URL(baseUrl || DEFAULT_BASE_URLS[api]).origin;
  } catch {
    return '';
  }
}

/**
 * Help for setting up a connection (docs/api.md): the presets of well-known backends, and "Fetch models" for
 * a stored connection or for the form's draft before it is saved.
 */
export async function connectionSetupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage, shutdownSignal, config } = app.toolsmith;

  app.get('/api/connections/presets', { config: privileged, schema: schemas.presets }, async () => ({
    presets: [...CONNECTION_PRESETS],
  }));

  const fetchModels = async (connection: Pick<Connection, 'api' | 'baseUrl' | 'apiKey' | 'textBackend'>) => {
    if (!connection.baseUrl) {
      return {
        ok: false as const,
        code: 'invalid_input',
        message: 'Set the base URL first: where the backend runs, e.g. http://127.0.0.1:5001.',
      };
    }
    const controller = new AbortController();
    const unlink = abortWhen(controller, AbortSignal.timeout(MODELS_TIMEOUT_MS), shutdownSignal);
    try {
      const models = await listModels(connection, {
        fetch: providerFetch(config),
        signal: controller.signal,
      });
      return { ok: true as const, models };
    } catch (error) {
      if (isGenerateTaskError(error)) return { ok: false as const, code: error.code, message: error.message };
      throw error;
    } finally {
      unlink();
    }
  };

  app.get('/api/connections/:id/models', { config: privileged, schema: schemas.models }, async (request) => {
    const stored = await storage.connections.get(request.params.id);
    if (!stored) throw notFound('connection', request.params.id);
    return fetchModels(toCoreConnection(stored, await storage.connections.getApiKey(stored.id)));
  });

  // the form's draft: `id` lends the stored key, but only to the address it was entered for
  app.post(
    '/api/connections/models',
    { config: privileged, schema: schemas.modelsDraft },
    async (request) => {
      const { api, baseUrl = '', apiKey, textBackend, id } = request.body;
      let key = apiKey || undefined;
      if (!key && id) {
        const stored: StoredConnection | undefined = await storage.connections.get(id);
        if (!stored) throw notFound('connection', id);
        if (stored.hasApiKey && originOf(stored.api, stored.baseUrl) === originOf(api, baseUrl)) {
          key = await storage.connections.getApiKey(id);
        }
      }
      return fetchModels({
        api,
        baseUrl: baseUrl || DEFAULT_BASE_URLS[api],
        ...(key ? { apiKey: key } : {}),
        ...(textBackend ? { textBackend } : {}),
      });
    },
  );

  // the instruct template as the form has it, rendered for a short sample chat (text-completion connections)
  app.post('/api/connections/instruct-preview', { schema: schemas.instructPreview }, async (request) => {
    const name = request.body.instructTemplate ?? '';
    let template: ReturnType<typeof getInstructTemplate>;
    try {
      template = getInstructTemplate(name);
    } catch (error) {
      throw validationError([{ field: 'instructTemplate', message: (error as Error).message }]);
    }
    return { prompt: buildInstructPrompt(INSTRUCT_PREVIEW_CHAT, template), stop: template.stop };
  });
}
