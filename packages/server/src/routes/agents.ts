import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type FieldError, parseAgent } from '@toolsmith/core';
import { type AgentPatchBody, agentRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { abortWhen } from '../app/abort-link.js';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import { type AgentInput, createAgentRepository } from '../orchestration/agent-repository.js';
import { agentSlots, coreAgent, loadGlobalProfile } from '../orchestration/profile-store.js';
import { applyOutcomeVariables, runChatAgent } from '../orchestration/run-for-chat.js';
import type { Storage } from '../storage/types.js';

/** The sent fields as storage input (their shapes checked by the route schema; the rules here). */
async function agentInput(
  body: AgentPatchBody,
  storage: Storage,
  partial: boolean,
): Promise<Partial<AgentInput>> {
  const errors: FieldError[] = [];
  const out: Partial<AgentInput> = {};
  // name, systemPrompt and tools follow the core's rules for agents
  const parsed = parseAgent({
    name: body.name ?? 'placeholder',
    systemPrompt: body.systemPrompt ?? '',
    tools: body.tools ?? [],
  });
  if (!parsed.ok)
    for (const e of parsed.errors) errors.push({ field: e.field || 'name', message: e.message });
  else {
    if (body.name !== undefined) out.name = parsed.value.name;
    if (!partial || body.systemPrompt !== undefined) out.systemPrompt = parsed.value.systemPrompt;
    if (!partial || body.tools !== undefined) out.tools = parsed.value.tools;
  }
  for (const field of ['connectionId', 'presetId'] as const) {
    const value = body[field];
    if (value === undefined) {
      if (!partial) out[field] = null;
      continue;
    }
    const what = field === 'connectionId' ? 'connection' : 'preset';
    if (value === null) out[field] = null;
    else if (!(await (field === 'connectionId' ? storage.connections : storage.presets).get(value)))
      errors.push({ field, message: `No ${what} with id "${value}".` });
    else out[field] = value;
  }
  if (errors.length > 0) throw validationError(errors);
  return out;
}

/** Where the global profile refers to an agent (so deleting it would break the profile). */
async function profileUses(storage: Storage, agentId: string): Promise<string[]> {
  const profile = await loadGlobalProfile(storage);
  if (!profile) return [];
  return agentSlots(profile)
    .filter(([, read]) => (read() as { agentId?: string }).agentId === agentId)
    .map(([path]) => path);
}

/** An AbortSignal for a JSON request: aborted when the client goes away or the server shuts down. */
export function requestSignal(reply: FastifyReply, shutdown: AbortSignal): AbortSignal {
  const controller = new AbortController();
  // linked to the shutdown signal only while the request runs (no composite kept by it afterwards)
  const unlink = abortWhen(controller, shutdown);
  reply.raw.once('close', () => {
    unlink();
    if (!reply.raw.writableFinished) controller.abort(new Error('The client closed the connection.'));
  });
  return controller.signal;
}

/** Agents (docs/api.md, "Agents"): CRUD, and running one over a chat on demand. */
export async function agentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const context = app.toolsmith;
  const { storage } = context;
  const agents = createAgentRepository(storage.settings);

  app.get('/api/agents', { schema: schemas.list }, async () => ({ agents: await agents.list() }));

  // Privileged (docs/api.md, "Security model"): an agent's pinned tools and prompt decide which tools run.
  const privileged = { config: { privileged: true } } as const;

  app.post('/api/agents', { ...privileged, schema: schemas.create }, async (request, reply) => {
    const input = (await agentInput(request.body, storage, false)) as AgentInput;
    if (await agents.getByName(input.name))
      throw new HttpError(409, `An agent named "${input.name}" already exists.`);
    return reply.code(201).send(await agents.create(input));
  });

  app.get('/api/agents/:id', { schema: schemas.get }, async (request) => {
    const agent = await agents.get(request.params.id);
    if (!agent) throw notFound('agent', request.params.id);
    return agent;
  });

  app.patch('/api/agents/:id', { ...privileged, schema: schemas.patch }, async (request) => {
    if (!(await agents.get(request.params.id))) throw notFound('agent', request.params.id);
    const changes = await agentInput(request.body, storage, true);
    if (changes.name !== undefined) {
      const other = await agents.getByName(changes.name);
      if (other && other.id !== request.params.id)
        throw new HttpError(409, `An agent named "${changes.name}" already exists.`);
    }
    const updated = await agents.update(request.params.id, changes);
    if (!updated) throw notFound('agent', request.params.id);
    return updated;
  });

  app.delete('/api/agents/:id', { ...privileged, schema: schemas.delete }, async (request, reply) => {
    if (!(await agents.get(request.params.id))) throw notFound('agent', request.params.id);
    const uses = await profileUses(storage, request.params.id);
    if (uses.length > 0) {
      throw new HttpError(
        409,
        `The orchestration profile uses this agent (${uses.join(', ')}). Change the profile first.`,
        { code: 'agent_in_use' },
      );
    }
    await agents.delete(request.params.id);
    return reply.code(204).send(null);
  });

  // Privileged: a run spends the connection's key and runs tools (webhooks, scripts).
  app.post('/api/agents/:id/run', { ...privileged, schema: schemas.run }, async (request, reply) => {
    const simulate = request.body.simulate ?? false;
    const agent = await agents.get(request.params.id);
    if (!agent) throw notFound('agent', request.params.id);
    const { chatId } = request.body;
    const chat = await storage.chats.get(chatId);
    if (!chat) throw validationError([{ field: 'chatId', message: `No chat with id "${chatId}".` }]);
    const result = await runChatAgent({
      context,
      chat,
      agent: await coreAgent(storage, agent),
      simulate,
      signal: requestSignal(reply, context.shutdownSignal),
    });
    // a real run stores the variables its tools set; a simulation only shows them
    const applied = !simulate && !result.error;
    if (applied) await applyOutcomeVariables(storage, chat.id, result.outcome);
    return { ...result, applied };
  });
}
