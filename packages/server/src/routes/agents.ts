import { parseAgent } from '@toolsmith/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { abortWhen } from '../app/abort-link.js';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import { type AgentInput, createAgentRepository } from '../orchestration/agent-repository.js';
import { agentSlots, coreAgent, loadGlobalProfile } from '../orchestration/profile-store.js';
import { applyOutcomeVariables, runChatAgent } from '../orchestration/run-for-chat.js';
import type { Storage } from '../storage/types.js';
import { bodyObject, FieldChecker } from './fields.js';

const WRITABLE = ['name', 'connectionId', 'presetId', 'systemPrompt', 'tools'];

/** Checks an agent body; `partial` for PATCH (only the fields given). */
async function parseAgentBody(
  raw: unknown,
  storage: Storage,
  partial: boolean,
): Promise<Partial<AgentInput>> {
  const check = new FieldChecker(bodyObject(raw));
  check.rejectUnknown(WRITABLE);
  const out: Partial<AgentInput> = {};
  // name, systemPrompt and tools follow the core's rules for agents
  const core = {
    name: check.has('name') ? check.body.name : partial ? 'placeholder' : undefined,
    systemPrompt: check.body.systemPrompt ?? '',
    tools: check.body.tools ?? [],
  };
  const parsed = parseAgent(core);
  if (!parsed.ok) for (const e of parsed.errors) check.add(e.field || 'name', e.message);
  else {
    if (check.has('name')) out.name = parsed.value.name;
    if (!partial || check.has('systemPrompt')) out.systemPrompt = parsed.value.systemPrompt;
    if (!partial || check.has('tools')) out.tools = parsed.value.tools;
  }
  for (const field of ['connectionId', 'presetId'] as const) {
    if (!check.has(field)) {
      if (!partial) out[field] = null;
      continue;
    }
    const value = check.body[field];
    const what = field === 'connectionId' ? 'connection' : 'preset';
    if (value === null) out[field] = null;
    else if (typeof value !== 'string') check.add(field, `${field} must be an id or null.`);
    else if (!(await (field === 'connectionId' ? storage.connections : storage.presets).get(value)))
      check.add(field, `No ${what} with id "${value}".`);
    else out[field] = value;
  }
  check.finish();
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
export async function agentRoutes(app: FastifyInstance): Promise<void> {
  const context = app.toolsmith;
  const { storage } = context;
  const agents = createAgentRepository(storage.settings);

  app.get('/api/agents', async () => ({ agents: await agents.list() }));

  // Privileged (docs/api.md, "Security model"): an agent's pinned tools and prompt decide which tools run.
  const privileged = { config: { privileged: true } };

  app.post('/api/agents', privileged, async (request, reply) => {
    const input = (await parseAgentBody(request.body ?? {}, storage, false)) as AgentInput;
    if (await agents.getByName(input.name))
      throw new HttpError(409, `An agent named "${input.name}" already exists.`);
    return reply.code(201).send(await agents.create(input));
  });

  app.get<{ Params: { id: string } }>('/api/agents/:id', async (request) => {
    const agent = await agents.get(request.params.id);
    if (!agent) throw notFound('agent', request.params.id);
    return agent;
  });

  app.patch<{ Params: { id: string } }>('/api/agents/:id', privileged, async (request) => {
    if (!(await agents.get(request.params.id))) throw notFound('agent', request.params.id);
    const changes = await parseAgentBody(request.body, storage, true);
    if (changes.name !== undefined) {
      const other = await agents.getByName(changes.name);
      if (other && other.id !== request.params.id)
        throw new HttpError(409, `An agent named "${changes.name}" already exists.`);
    }
    const updated = await agents.update(request.params.id, changes);
    if (!updated) throw notFound('agent', request.params.id);
    return updated;
  });

  app.delete<{ Params: { id: string } }>('/api/agents/:id', privileged, async (request, reply) => {
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
    return reply.code(204).send();
  });

  // Privileged: a run spends the connection's key and runs tools (webhooks, scripts).
  app.post<{ Params: { id: string } }>(
    '/api/agents/:id/run',
    { config: { privileged: true } },
    async (request, reply) => {
      const check = new FieldChecker(bodyObject(request.body));
      check.rejectUnknown(['chatId', 'simulate'], []);
      check.require('chatId', 'chatId must name the chat the agent reads.');
      const simulate = check.boolean('simulate') ?? false;
      check.finish();
      const agent = await agents.get(request.params.id);
      if (!agent) throw notFound('agent', request.params.id);
      const chatId = check.body.chatId;
      const chat = typeof chatId === 'string' ? await storage.chats.get(chatId) : undefined;
      if (!chat)
        throw validationError([{ field: 'chatId', message: `No chat with id "${String(chatId)}".` }]);
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
    },
  );
}
