import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { reservedToolNames } from '@toolsmith/core';
import { toolRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import { listMcpTools } from '../mcp/mcp-tools.js';
import { GLOBAL_SCOPE } from '../storage/types.js';
import {
  type ToolWriteContext,
  toolChangesForPatch,
  toolInputForCreate,
  toolResource,
} from './tool-input.js';

const privileged = { privileged: true };

/** Tools CRUD, order, builtin toggles and capabilities (docs/api.md, "Tools"). */
export async function toolRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, storage, builtins } = app.toolsmith;
  const reservedNames = new Set(reservedToolNames(builtins.map((b) => b.name)));

  const writeContext = async (exceptId?: string): Promise<ToolWriteContext> => {
    const tools = await storage.tools.list(GLOBAL_SCOPE);
    return {
      config,
      reservedNames,
      existingNames: new Set(tools.filter((t) => t.id !== exceptId).map((t) => t.name)),
    };
  };

  const builtinEntries = async () => {
    const states = await storage.builtinTools.list(GLOBAL_SCOPE);
    return builtins.map((b) => ({
      name: b.name,
      displayName: b.displayName,
      description: b.description,
      parameters: b.parameters,
      mode: b.mode,
      kind: 'native' as const,
      enabled: states.get(b.name) ?? b.defaultEnabled,
    }));
  };

  app.get('/api/tools/capabilities', { schema: schemas.capabilities }, async () => ({
    scriptExecutionEnabled: config.customToolScriptEnabled,
    localWebhooksEnabled: config.webhookLocalUrlsEnabled,
    timeoutMs: config.customToolTimeoutMs,
    maxRounds: config.maxToolRounds,
  }));

  // the tools of MCP servers, under the names models call them by (docs/mcp.md)
  const mcpEntries = async () =>
    (await listMcpTools(app.toolsmith)).map((e) => ({
      name: e.modelName,
      displayName: e.displayName,
      description: e.description,
      parameters: e.parameters,
      mode: e.mode,
      kind: 'native' as const,
      enabled: e.enabled,
      server: { id: e.serverId, name: e.serverName },
      toolName: e.toolName,
      available: e.available,
    }));

  app.get('/api/tools', { schema: schemas.list }, async () => ({
    tools: (await storage.tools.list(GLOBAL_SCOPE)).map(toolResource),
    builtin: await builtinEntries(),
    mcp: await mcpEntries(),
  }));

  app.post('/api/tools', { config: privileged, schema: schemas.create }, async (request, reply) => {
    const input = toolInputForCreate(request.body, await writeContext());
    const tool = await storage.tools.create(input, GLOBAL_SCOPE);
    return reply.code(201).send(toolResource(tool));
  });

  app.put('/api/tools/order', { config: privileged, schema: schemas.order }, async (request) => {
    const { ids } = request.body;
    const known = new Set((await storage.tools.list(GLOBAL_SCOPE)).map((t) => t.id));
    const problems = [];
    if (new Set(ids).size !== ids.length)
      problems.push({ field: 'ids', message: 'ids must not repeat an id.' });
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0)
      problems.push({ field: 'ids', message: `Unknown tool ids: ${missing.join(', ')}.` });
    if (problems.length > 0) throw validationError(problems);
    return { tools: (await storage.tools.reorder(ids, GLOBAL_SCOPE)).map(toolResource) };
  });

  app.put(
    '/api/tools/builtin/:name',
    { config: privileged, schema: schemas.builtinToggle },
    async (request) => {
      if (!builtins.some((b) => b.name === request.params.name)) {
        throw new HttpError(404, `No built-in tool named "${request.params.name}".`);
      }
      await storage.builtinTools.set(request.params.name, request.body.enabled, GLOBAL_SCOPE);
      return (await builtinEntries()).find((b) => b.name === request.params.name);
    },
  );

  app.get('/api/tools/:id', { schema: schemas.get }, async (request) => {
    const tool = await storage.tools.get(request.params.id);
    if (!tool || tool.scope !== GLOBAL_SCOPE) throw notFound('tool', request.params.id);
    return toolResource(tool);
  });

  app.patch('/api/tools/:id', { config: privileged, schema: schemas.patch }, async (request) => {
    const existing = await storage.tools.get(request.params.id);
    if (!existing || existing.scope !== GLOBAL_SCOPE) throw notFound('tool', request.params.id);
    const changes = toolChangesForPatch(request.body, existing, await writeContext(existing.id));
    const updated = await storage.tools.update(existing.id, changes);
    if (!updated) throw notFound('tool', request.params.id);
    return toolResource(updated);
  });

  app.delete('/api/tools/:id', { config: privileged, schema: schemas.delete }, async (request, reply) => {
    const existing = await storage.tools.get(request.params.id);
    if (!existing || existing.scope !== GLOBAL_SCOPE) throw notFound('tool', request.params.id);
    await storage.tools.delete(existing.id);
    return reply.code(204).send(null);
  });
}
