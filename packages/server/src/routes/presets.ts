import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';
import type { PresetInput } from '../storage/types.js';
import { bodyObject, FieldChecker } from './fields.js';
import { PRESET_PROVIDER_FIELDS, parsePresetProviderSettings } from './provider-settings.js';

const WRITABLE = [
  'name',
  'temperature',
  'topP',
  'topK',
  'maxTokens',
  'stop',
  'frequencyPenalty',
  'presencePenalty',
  'contextLength',
  'minP',
  'repetitionPenalty',
  ...PRESET_PROVIDER_FIELDS,
];

function parsePreset(raw: unknown, creating: boolean): Partial<PresetInput> {
  const check = new FieldChecker(bodyObject(raw));
  check.rejectUnknown(WRITABLE);
  if (creating) check.require('name', 'name is required: 1–128 characters.');
  const name = check.string('name', { min: 1, max: 128 });
  if (name !== undefined && name.trim() === '') check.add('name', 'name must not be blank.');
  const out: Partial<PresetInput> = {
    name,
    temperature: check.number('temperature', { min: 0, max: 5 }),
    topP: check.number('topP', { min: 0, max: 1 }),
    topK: check.number('topK', { min: 0, max: 100_000, integer: true }),
    maxTokens: check.number('maxTokens', { min: 1, max: 10_000_000, integer: true }),
    stop: check.stringArray('stop', { maxItems: 16, maxLength: 256 }),
    frequencyPenalty: check.number('frequencyPenalty', { min: -2, max: 2 }),
    presencePenalty: check.number('presencePenalty', { min: -2, max: 2 }),
    contextLength: check.number('contextLength', { min: 256, max: 10_000_000, integer: true }),
    minP: check.number('minP', { min: 0, max: 1 }),
    repetitionPenalty: check.number('repetitionPenalty', { min: 0, max: 10 }),
    ...parsePresetProviderSettings(check),
  };
  check.finish();
  return out;
}

/** Sampling presets (docs/api.md). Unset numbers are null: the provider's default applies. */
export async function presetRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.toolsmith;

  app.get('/api/presets', async () => ({ presets: await storage.presets.list() }));

  app.post('/api/presets', async (request, reply) => {
    const input = parsePreset(request.body, true);
    const created = await storage.presets.create({
      name: input.name!,
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

  app.get<{ Params: { id: string } }>('/api/presets/:id', async (request) => {
    const preset = await storage.presets.get(request.params.id);
    if (!preset) throw notFound('preset', request.params.id);
    return preset;
  });

  app.patch<{ Params: { id: string } }>('/api/presets/:id', async (request) => {
    const updated = await storage.presets.update(request.params.id, parsePreset(request.body, false));
    if (!updated) throw notFound('preset', request.params.id);
    return updated;
  });

  app.delete<{ Params: { id: string } }>('/api/presets/:id', async (request, reply) => {
    if (!(await storage.presets.delete(request.params.id))) throw notFound('preset', request.params.id);
    return reply.code(204).send();
  });
}
