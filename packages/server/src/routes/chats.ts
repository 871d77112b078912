import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type ChatBody,
  messageRouteSchemas as messageSchemas,
  chatRouteSchemas as schemas,
} from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';
import { assertAdmin } from '../auth/admin-secret.js';
import { chatWriteChangesTools } from '../auth/privilege-rule.js';
import { postGreetings } from '../characters/chat-greetings.js';
import { chatToolList } from '../generation/chat-tool-groups.js';
import { publicMessage } from '../generation/run-chat-generation.js';
import { worldInfoSettingsOf } from '../lorebooks/activation-settings.js';
import type { ChatInput, ChatSettings, Storage } from '../storage/types.js';
import { FieldChecker } from './fields.js';

/**
 * The rules of a chat body the route schema cannot say (its shape is checked already): the connection,
 * preset, persona, characters and lorebooks it names exist. Lists lose their repeats.
 */
async function parseChat(body: ChatBody, storage: Storage): Promise<Partial<ChatInput>> {
  const check = new FieldChecker(body);
  const out: Partial<ChatInput> = {};
  if (body.title !== undefined) out.title = body.title;
  const references = {
    connectionId: { what: 'connection', repository: storage.connections },
    presetId: { what: 'preset', repository: storage.presets },
    personaId: { what: 'persona', repository: storage.personas },
  } as const;
  for (const field of ['connectionId', 'presetId', 'personaId'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const { what, repository } = references[field];
    if (value !== null && !(await repository.get(value))) check.add(field, `No ${what} with id "${value}".`);
    else out[field] = value;
  }
  // one character, or several for a group chat (in speaking order: the first one answers)
  for (const id of body.characterIds ?? []) {
    if (!(await storage.characters.get(id))) check.add('characterIds', `No character with id "${id}".`);
  }
  if (body.characterIds !== undefined) out.characterIds = [...new Set(body.characterIds)];
  const settings = body.settings;
  if (settings) {
    for (const id of settings.lorebookIds ?? []) {
      if (!(await storage.lorebooks.get(id)))
        check.add('settings.lorebookIds', `No lorebook with id "${id}".`);
    }
    const partial: Partial<ChatSettings> = {};
    if (settings.toolUse !== undefined) partial.toolUse = settings.toolUse;
    if (settings.approveWriteTools !== undefined) partial.approveWriteTools = settings.approveWriteTools;
    if (settings.tools !== undefined) partial.tools = [...new Set(settings.tools)];
    if (settings.characterToolsOff !== undefined)
      partial.characterToolsOff = [...new Set(settings.characterToolsOff)];
    if (settings.lorebookIds !== undefined) partial.lorebookIds = [...new Set(settings.lorebookIds)];
    if (settings.orchestration !== undefined) {
      const { enabled, mode } = settings.orchestration;
      partial.orchestration = mode ? { enabled, mode } : { enabled };
    }
    if (settings.worldInfo !== undefined) partial.worldInfo = worldInfoSettingsOf(settings.worldInfo);
    out.settings = partial as ChatSettings;
  }
  check.finish();
  return out;
}

/** Chats and their stored messages (docs/api.md, "Chats"); generation lives in its own routes. */
export async function chatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage, config } = app.toolsmith;

  app.get('/api/chats', { schema: schemas.list }, async () => ({ chats: await storage.chats.list() }));

  // every field is optional, so no body at all is a chat with the defaults
  const emptyBodyIsObject = async (request: { body: unknown }) => {
    request.body ??= {};
  };

  app.post(
    '/api/chats',
    { schema: schemas.create, preValidation: emptyBodyIsObject },
    async (request, reply) => {
      const input = await parseChat(request.body, storage);
      if (chatWriteChangesTools(undefined, input)) await assertAdmin(config, request);
      const created = await storage.chats.create({
        title: input.title ?? 'New chat',
        connectionId: input.connectionId ?? null,
        presetId: input.presetId ?? null,
        personaId: input.personaId ?? null,
        characterIds: input.characterIds ?? [],
        settings: { toolUse: false, tools: [], lorebookIds: [], ...input.settings },
      });
      // a chat that starts with a character opens with its greeting (alternate greetings as swipes)
      if (created.characterIds.length > 0) await postGreetings(storage, created);
      return reply.code(201).send(created);
    },
  );

  app.get('/api/chats/:id', { schema: schemas.get }, async (request) => {
    const chat = await storage.chats.get(request.params.id);
    if (!chat) throw notFound('chat', request.params.id);
    return chat;
  });

  app.patch('/api/chats/:id', { schema: schemas.patch }, async (request) => {
    const before = await storage.chats.get(request.params.id);
    if (!before) throw notFound('chat', request.params.id);
    const changes = await parseChat(request.body, storage);
    // privileged when it changes which tools run (docs/api.md, "Security model")
    if (chatWriteChangesTools(before, changes)) await assertAdmin(config, request);
    const updated = await storage.chats.update(request.params.id, changes);
    if (!updated) throw notFound('chat', request.params.id);
    // other characters before the user has written anything: their greetings replace the old ones
    const same = JSON.stringify(before.characterIds) === JSON.stringify(updated.characterIds);
    if (changes.characterIds !== undefined && !same) await postGreetings(storage, updated);
    return updated;
  });

  app.delete('/api/chats/:id', { schema: schemas.delete }, async (request, reply) => {
    if (!(await storage.chats.delete(request.params.id))) throw notFound('chat', request.params.id);
    return reply.code(204).send(null);
  });

  // every source of tools in its group, each marked offered or not (and why): the chat's tool picker
  app.get('/api/chats/:id/tools', { schema: schemas.tools }, async (request) => {
    const chat = await storage.chats.get(request.params.id);
    if (!chat) throw notFound('chat', request.params.id);
    return chatToolList(app.toolsmith, chat);
  });

  app.get('/api/chats/:id/messages', { schema: messageSchemas.list }, async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    const messages = await storage.messages.list(request.params.id);
    return { messages: messages.map(publicMessage) };
  });
}
