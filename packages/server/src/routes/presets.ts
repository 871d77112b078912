import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FieldError } from '@toolsmith/core';
import { type PresetPatchBody, presetRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../app/http-error.js';
import type { PresetInput } from '../storage/types.js';
import { parsePresetProviderSettings } from './provider-settings.js';

/** The sent fields as storage input (shapes and ranges checked by the route schema). */
function presetInput(body: PresetPatchBody): Partial<PresetInput> {
  const errors: FieldError[] = [];
  if (body.name !== undefined && body.name.trim() === '') {
    errors.push({ field: 'name', message: 'name must not be blank.' });
  }
  const { id: _id, createdAt: _c, updatedAt: _u, extraBody: _e, thinking: _t, ...fields } = body;
  const out: Partial<PresetInput> = { ...fields, ...parsePresetProviderSettings(body, errors) };
  if (errors.length > 0) throw validationError(errors);
  return out;
}

/** Sampling presets (docs/api.md). Unset numbers are null: the provider's default applies. */
export async function presetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage } = app.toolsmith;

  app.get('/api/presets', { schema: schemas.list }, async () => ({ presets: await storage.presets.list() }));

  app.post('/api/presets', { schema: schemas.create }, async (request, reply) => {
    const input = presetInput(request.body);
    const created = await storage.presets.create({
      name: request.body.name,
      temperature: input.temperature ?? null,
      topP: input.topP ?? null,
      topK: input.topK ?? null,
      maxTokens: input.maxTokens ?? null,
      stop: input.stop ?? [],
      frequencyPenalty: input.frequencyPenalty ?? null,
      presencePenalty: input.presencePenalty ?? null,
      contextLength: input.contextLength ?? null,
      minP: input.minP ?? null,
      repetitionPenalty: input.repetitionPenalty ?? null,
      extraBody: input.extraBody,
      thinking: input.thinking,
    });
    return reply.code(201).send(created);
  });

  app.get('/api/presets/:id', { schema: schemas.get }, async (request) => {
    const preset = await storage.presets.get(request.params.id);
    if (!preset) throw notFound('preset', request.params.id);
    return preset;
  });

  app.patch('/api/presets/:id', { schema: schemas.patch }, async (request) => {
    const updated = await storage.presets.update(request.params.id, presetInput(request.body));
    if (!updated) throw notFound('preset', request.params.id);
    return updated;
  });

  app.delete('/api/presets/:id', { schema: schemas.delete }, async (request, reply) => {
    if (!(await storage.presets.delete(request.params.id))) throw notFound('preset', request.params.id);
    return reply.code(204).send(null);
  });
}
