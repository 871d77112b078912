import { parseCustomTemplate } from '@toolsmith/core/internal';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../app/http-error.js';
import { containsMask, msgMaskedUrl, unmaskUrl } from '../secrets/url-credentials.js';
import type { ConnectionApi, ConnectionInput, FunctionCallingMode } from '../storage/types.js';
import { assertKeyStaysWithOrigin } from './connection-key-origin.js';
import { bodyObject, FieldChecker } from './fields.js';
import { PROVIDER_SETTING_FIELDS, parseProviderSettings } from './provider-settings.js';
import { parseToolCallFormat } from './tool-call-format-field.js';

const APIS: readonly ConnectionApi[] = [
  'openai',
  'openai-responses',
  'anthropic',
  'google',
  'text-completion',
];
const TEXT_BACKENDS = ['koboldcpp', 'openai-completions', 'ollama', 'llamacpp'] as const;
const MODES: readonly FunctionCallingMode[] = ['auto', 'native', 'prompt_xml', 'prompt_json'];
const WRITABLE = [
  'name',
  'api',
  'baseUrl',
  'model',
  'apiKey',
  'functionCalling',
  'instructTemplate',
  'textBackend',
  'toolCallFormat',
  ...PROVIDER_SETTING_FIELDS,
];
const privileged = { privileged: true };

function parseConnection(
  raw: unknown,
  creating: boolean,
  storedApi?: ConnectionApi,
): Partial<ConnectionInput> {
  const check = new FieldChecker(bodyObject(raw));
  check.rejectUnknown(WRITABLE, ['id', 'createdAt', 'updatedAt', 'hasApiKey']);
  if (creating) {
    check.require('name', 'name is required: 1–128 characters, no "/".');
    check.require('api', `api is required: one of ${APIS.map((a) => `"${a}"`).join(', ')}.`);
  }
  const out: Partial<ConnectionInput> = {};
  const name = check.string('name', { min: 1, max: 128 });
  // The gateway addresses a connection as NAME or NAME/MODEL, so a slash would be ambiguous.
  if (name?.includes('/')) check.add('name', 'name must not contain "/".');
  else if (name !== undefined && name.trim() === '') check.add('name', 'name must not be blank.');
  else out.name = name;
  out.api = check.oneOf('api', APIS);
  const baseUrl = check.string('baseUrl', { max: 2048 });
  if (baseUrl) {
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(baseUrl).protocol);
    } catch {}
    if (!valid)
      check.add('baseUrl', 'baseUrl must be an http:// or https:// URL, or empty for the provider default.');
  }
  out.baseUrl = baseUrl;
  out.model = check.string('model', { max: 256 });
  out.instructTemplate = check.string('instructTemplate', { max: 65_536 });
  if (out.instructTemplate?.trimStart().startsWith('{')) {
    // a user-defined template (docs/providers.md): refused now rather than at the first generation
    try {
      parseCustomTemplate(out.instructTemplate);
    } catch (error) {
      check.add('instructTemplate', (error as Error).message);
    }
  }
  if (check.body.textBackend === '') out.textBackend = '';
  else out.textBackend = check.oneOf('textBackend', TEXT_BACKENDS);
  if (check.has('apiKey')) {
    const key = check.body.apiKey;
    if (key === null) out.apiKey = null;
    else if (typeof key === 'string' && key.length <= 4096) out.apiKey = key === '' ? null : key;
    else check.add('apiKey', 'apiKey must be text (sets the key) or null (clears it).');
  }
  if (check.has('functionCalling')) {
    const fc = check.body.functionCalling;
    if (typeof fc !== 'object' || fc === null || Array.isArray(fc)) {
      check.add('functionCalling', 'functionCalling must be an object { enabled, mode }.');
    } else {
      const inner = new FieldChecker(fc as Record<string, unknown>);
      inner.rejectUnknown(['enabled', 'mode'], []);
      const enabled = inner.boolean('enabled', 'functionCalling.enabled');
      const mode = inner.oneOf('mode', MODES, 'functionCalling.mode');
      for (const e of inner.errors) check.add(`functionCalling.${e.field}`, e.message);
      out.functionCalling = { enabled, mode } as ConnectionInput['functionCalling'];
    }
  }
  out.toolCallFormat = parseToolCallFormat(check);
  Object.assign(out, parseProviderSettings(check, out.api ?? storedApi ?? 'openai'));
  check.finish();
  return out;
}

/** Connections (docs/api.md): API keys are write-only; answers carry only `hasApiKey`. */
export async function connectionRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.toolsmith;

  app.get('/api/connections', { config: privileged }, async () => ({
    connections: await storage.connections.list(),
  }));

  app.post('/api/connections', { config: privileged }, async (request, reply) => {
    const input = parseConnection(request.body, true);
    if (input.baseUrl && containsMask(input.baseUrl)) {
      throw validationError([{ field: 'baseUrl', message: msgMaskedUrl('baseUrl') }]);
    }
    const created = await storage.connections.create({
      name: input.name!,
      api: input.api!,
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
    });
    return reply.code(201).send(created);
  });

  app.get<{ Params: { id: string } }>('/api/connections/:id', { config: privileged }, async (request) => {
    const connection = await storage.connections.get(request.params.id);
    if (!connection) throw notFound('connection', request.params.id);
    return connection;
  });

  app.patch<{ Params: { id: string } }>('/api/connections/:id', { config: privileged }, async (request) => {
    const { keepApiKey, ...body } = bodyObject(request.body);
    const stored = await storage.connections.get(request.params.id);
    if (!stored) throw notFound('connection', request.params.id);
    const changes = parseConnection(body, false, stored.api);
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

  app.delete<{ Params: { id: string } }>(
    '/api/connections/:id',
    { config: privileged },
    async (request, reply) => {
      if (!(await storage.connections.delete(request.params.id)))
        throw notFound('connection', request.params.id);
      return reply.code(204).send();
    },
  );
}
