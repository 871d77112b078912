import { messageRouteSchemas as messageSchemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';
import { assertAdmin } from '../auth/admin-secret.js';
import { chatWriteChangesTools } from '../auth/privilege-rule.js';
import { postGreetings } from '../characters/chat-greetings.js';
import { chatToolList } from '../generation/chat-tool-groups.js';
import { publicMessage } from '../generation/run-chat-generation.js';
import { parseWorldInfoSettings } from '../lorebooks/activation-settings.js';
import { parseChatOrchestrationSetting } from '../orchestration/chat-setting.js';
import type { ChatInput, ChatSettings, Storage } from '../storage/types.js';
import { bodyObject, FieldChecker } from './fields.js';

const WRITABLE = ['title', 'connectionId', 'presetId', 'personaId', 'characterIds', 'settings'];

async function parseChat(raw: unknown, storage: Storage): Promise<Partial<ChatInput>> {
  const check = new FieldChecker(bodyObject(raw));
  check.rejectUnknown(WRITABLE);
  const out: Partial<ChatInput> = { title: check.string('title', { max: 256 }) };
  const references = {
    connectionId: { what: 'connection', repository: storage.connections },
    presetId: { what: 'preset', repository: storage.presets },
    personaId: { what: 'persona', repository: storage.personas },
  } as const;
  for (const field of ['connectionId', 'presetId', 'personaId'] as const) {
    if (!check.has(field)) continue;
    const value = check.body[field];
    const { what, repository } = references[field];
    if (value === null) {
      out[field] = null;
    } else if (typeof value !== 'string') {
      check.add(field, `${field} must be an id or null.`);
    } else if (!(await repository.get(value))) {
      check.add(field, `No ${what} with id "${value}".`);
    } else {
      out[field] = value;
    }
  }
  // one character, or several for a group chat (in speaking order: the first one answers)
  const characterIds = check.stringArray('characterIds', { maxItems: 32, maxLength: 64 });
  for (const id of characterIds ?? []) {
    if (!(await storage.characters.get(id))) check.add('characterIds', `No character with id "${id}".`);
  }
  if (characterIds !== undefined) out.characterIds = [...new Set(characterIds)];
  if (check.has('settings')) {
    const settings = check.body.settings;
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
      check.add('settings', 'settings must be an object { toolUse, tools, lorebookIds }.');
    } else {
      const inner = new FieldChecker(settings as Record<string, unknown>);
      inner.rejectUnknown(
        [
          'toolUse',
          'tools',
          'characterToolsOff',
          'lorebookIds',
          'orchestration',
          'worldInfo',
          'approveWriteTools',
        ],
        [],
      );
      const toolUse = inner.boolean('toolUse', 'settings.toolUse');
      const approveWriteTools = inner.boolean('approveWriteTools', 'settings.approveWriteTools');
      const tools = inner.stringArray('tools', { maxItems: 1000, maxLength: 64, label: 'settings.tools' });
      const characterToolsOff = inner.stringArray('characterToolsOff', {
        maxItems: 1000,
        maxLength: 64,
        label: 'settings.characterToolsOff',
      });
      const lorebookIds = inner.stringArray('lorebookIds', {
        maxItems: 100,
        maxLength: 64,
        label: 'settings.lorebookIds',
      });
      for (const id of lorebookIds ?? []) {
        if (!(await storage.lorebooks.get(id))) inner.add('lorebookIds', `No lorebook with id "${id}".`);
      }
      const orchestration = inner.has('orchestration')
        ? parseChatOrchestrationSetting(inner.body.orchestration)
        : undefined;
      const worldInfo = inner.has('worldInfo')
        ? parseWorldInfoSettings(inner.body.worldInfo, (field, message) => check.add(field, message))
        : undefined;
      for (const e of inner.errors) check.add(`settings.${e.field}`, e.message);
      if (orchestration && !orchestration.ok)
        for (const e of orchestration.errors) check.add(e.field, e.message);
      const partial: Partial<ChatSettings> = {};
      if (toolUse !== undefined) partial.toolUse = toolUse;
      if (approveWriteTools !== undefined) partial.approveWriteTools = approveWriteTools;
      if (tools !== undefined) partial.tools = [...new Set(tools)];
      if (characterToolsOff !== undefined) partial.characterToolsOff = [...new Set(characterToolsOff)];
      if (lorebookIds !== undefined) partial.lorebookIds = [...new Set(lorebookIds)];
      if (orchestration?.ok) partial.orchestration = orchestration.value;
      if (worldInfo !== undefined) partial.worldInfo = worldInfo;
      out.settings = partial as ChatSettings;
    }
  }
  check.finish();
  return out;
}

/** Chats and their stored messages (docs/api.md, "Chats"); generation lives in its own routes. */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { storage, config } = app.toolsmith;

  app.get('/api/chats', async () => ({ chats: await storage.chats.list() }));

  app.post('/api/chats', async (request, reply) => {
    const input = await parseChat(request.body ?? {}, storage);
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
  });

  app.get<{ Params: { id: string } }>('/api/chats/:id', async (request) => {
    const chat = await storage.chats.get(request.params.id);
    if (!chat) throw notFound('chat', request.params.id);
    return chat;
  });

  app.patch<{ Params: { id: string } }>('/api/chats/:id', async (request) => {
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

  app.delete<{ Params: { id: string } }>('/api/chats/:id', async (request, reply) => {
    if (!(await storage.chats.delete(request.params.id))) throw notFound('chat', request.params.id);
    return reply.code(204).send();
  });

  // every source of tools in its group, each marked offered or not (and why): the chat's tool picker
  app.get<{ Params: { id: string } }>('/api/chats/:id/tools', async (request) => {
    const chat = await storage.chats.get(request.params.id);
    if (!chat) throw notFound('chat', request.params.id);
    return chatToolList(app.toolsmith, chat);
  });

  app.get<{ Params: { id: string } }>(
    '/api/chats/:id/messages',
    { schema: messageSchemas.list },
    async (request) => {
      if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
      const messages = await storage.messages.list(request.params.id);
      return { messages: messages.map(publicMessage) };
    },
  );
}
