import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FieldError } from '@toolsmith/core';
import { type ConnectionPatchBody, connectionRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import { parseCustomTemplate } from '@toolsmith/core/internal';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../app/http-error.js';
import { containsMask, msgMaskedUrl, unmaskUrl } from '../secrets/url-credentials.js';
import type { ConnectionApi, ConnectionInput } from '../storage/types.js';
import { assertKeyStaysWithOrigin } from './connection-key-origin.js';
import { parseProviderSettings } from './provider-settings.js';

const privileged = { privileged: true };

/**
 * The sent fields as storage input. The route schema checked their shapes; here the rules it cannot say: the
 * name's "/", the URL's scheme, a custom instruct template's syntax, and the provider settings the family
 * (`api`, the one sent or the stored one) accepts.
 */
function connectionInput(
  body: Omit<ConnectionPatchBody, 'keepApiKey'>,
  storedApi?: ConnectionApi,
): Partial<ConnectionInput> {
  const errors: FieldError[] = [];
  const out: Partial<ConnectionInput> = {};
  const { name, baseUrl, instructTemplate } = body;
  // The gateway addresses a connection as NAME or NAME/MODEL, so a slash would be ambiguous.
  if (name?.includes('/')) errors.push({ field: 'name', message: 'name must not contain "/".' });
  else if (name !== undefined && name.trim() === '')
    errors.push({ field: 'name', message: 'name must not be blank.' });
  else out.name = name;
  out.api = body.api;
  if (baseUrl) {
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(baseUrl).protocol);
    } catch {}
    if (!valid)
      errors.push({
        field: 'baseUrl',
        message: 'baseUrl must be an http:// or https:// URL, or empty for the provider default.',
      });
  }
  out.baseUrl = baseUrl;
  out.model = body.model;
  out.instructTemplate = instructTemplate;
  if (instructTemplate?.trimStart().startsWith('{')) {
    // a user-defined template (docs/providers.md): refused now rather than at the first generation
    try {
      parseCustomTemplate(instructTemplate);
    } catch (error) {
      errors.push({ field: 'instructTemplate', message: (error as Error).message });
    }
  }
  out.textBackend = body.textBackend;
  if (body.apiKey !== undefined) out.apiKey = body.apiKey === '' ? null : body.apiKey;
  if (body.functionCalling !== undefined)
    out.functionCalling = body.functionCalling as ConnectionInput['functionCalling'];
  out.toolCallFormat = body.toolCallFormat;
  Object.assign(out, parseProviderSettings(body, errors, out.api ?? storedApi ?? 'openai'));
  if (errors.length > 0) throw validationError(errors);
  return out;
}

/** Connections (docs/api.md): API keys are write-only; answers carry only `hasApiKey`. */
export async function connectionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage } = app.toolsmith;

  app.get('/api/connections', { config: privileged, schema: schemas.list }, async () => ({
    connections: await storage.connections.list(),
  }));

  app.post('/api/connections', { config: privileged, schema: schemas.create }, async (request, reply) => {
    const input = connectionInput(request.body);
    if (input.baseUrl && containsMask(input.baseUrl)) {
      throw validationError([{ field: 'baseUrl', message: msgMaskedUrl('baseUrl') }]);
    }
    const created = await storage.connections.create({
      name: input.name!,
      api: request.body.api,
      baseUrl: input.baseUrl ?? '',
      model: input.model ?? '',
      apiKey: input.apiKey,
      functionCalling: {
        enabled: input.functionCalling?.enabled ?? true,
        mode: input.functionCalling?.mode ?? 'auto',
      },
      instructTemplate: input.instructTemplate ?? '',
      textBackend: input.textBackend ?? '',
      toolCallFormat: input.toolCallFormat ?? 'auto',
      extraBody: input.extraBody,
      thinking: input.thinking,
      promptCaching: input.promptCaching,
      quirks: input.quirks,
      vision: input.vision,
      replyStartsInReasoning: input.replyStartsInReasoning,
      reasoningTags: input.reasoningTags,
    });
    return reply.code(201).send(created);
  });

  app.get('/api/connections/:id', { config: privileged, schema: schemas.get }, async (request) => {
    const connection = await storage.connections.get(request.params.id);
    if (!connection) throw notFound('connection', request.params.id);
    return connection;
  });

  app.patch('/api/connections/:id', { config: privileged, schema: schemas.patch }, async (request) => {
    const { keepApiKey, ...body } = request.body;
    const stored = await storage.connections.get(request.params.id);
    if (!stored) throw notFound('connection', request.params.id);
    const changes = connectionInput(body, stored.api);
    if (changes.baseUrl !== undefined) {
      // answers carry baseUrl masked: the masked form sent back means "keep the stored one"
      const baseUrl = unmaskUrl(changes.baseUrl, stored.baseUrl);
      if (baseUrl === undefined) {
        throw validationError([{ field: 'baseUrl', message: msgMaskedUrl('baseUrl') }]);
      }
      changes.baseUrl = baseUrl;
    }
    assertKeyStaysWithOrigin(stored, changes, keepApiKey);
    const updated = await storage.connections.update(request.params.id, changes);
    if (!updated) throw notFound('connection', request.params.id);
    // another server or family: what auto learned about tool calling no longer holds
    if (updated.baseUrl !== stored.baseUrl || updated.api !== stored.api)
      await storage.toolModes.clear(updated.id);
    return updated;
  });

  app.delete(
    '/api/connections/:id',
    { config: privileged, schema: schemas.delete },
    async (request, reply) => {
      if (!(await storage.connections.delete(request.params.id)))
        throw notFound('connection', request.params.id);
      return reply.code(204).send(null);
    },
  );
}
