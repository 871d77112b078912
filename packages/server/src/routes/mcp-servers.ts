import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type McpReview,
  type McpServerResource,
  mcpServerRouteSchemas as schemas,
} from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import { commandFingerprint, commandLine } from '../mcp/mcp-command.js';
import type { McpStatus } from '../mcp/mcp-connection.js';
import { assertHeadersStayWithOrigin, parseMcpServer } from '../mcp/mcp-server-input.js';
import { loadMcpSettings, saveMcpSettings } from '../mcp/mcp-settings.js';
import { listMcpTools } from '../mcp/mcp-tools.js';
import { maskUrlCredentials } from '../secrets/url-credentials.js';
import type { StoredMcpServer } from '../storage/mcp-types.js';

const privileged = { privileged: true } as const;

/** MCP servers (docs/mcp.md): privileged; env and header values are write-only, only their names come back. */
export async function mcpServerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage, config, mcp } = app.toolsmith;

  const fingerprintOf = async (server: StoredMcpServer) =>
    commandFingerprint(server, (await storage.mcpServers.getSecrets(server.id))?.envSeal ?? '');

  const resource = async (server: StoredMcpServer): Promise<McpServerResource> => {
    const envSeal = (await storage.mcpServers.getSecrets(server.id))?.envSeal ?? '';
    const fingerprint = commandFingerprint(server, envSeal);
    const state = mcp.state(server, envSeal);
    const review: McpReview | null =
      server.transport === 'stdio'
        ? {
            command: server.command,
            args: server.args,
            commandLine: commandLine(server.command, server.args),
            cwd: server.cwd,
            envKeys: server.envKeys,
            fingerprint,
          }
        : null;
    return {
      id: server.id,
      name: server.name,
      transport: server.transport,
      command: server.command,
      args: server.args,
      cwd: server.cwd,
      url: maskUrlCredentials(server.url),
      enabled: server.enabled,
      envKeys: server.envKeys,
      headerKeys: server.headerKeys,
      review,
      approved: server.transport === 'http' || server.approval?.fingerprint === fingerprint,
      approvedAt: server.approval?.fingerprint === fingerprint ? server.approval.approvedAt : null,
      status: state.status,
      ...(state.error ? { error: state.error } : {}),
      ...(state.pid !== undefined ? { pid: state.pid } : {}),
      toolCount: server.tools.length,
      toolsListedAt: server.toolsListedAt,
      createdAt: server.createdAt,
      updatedAt: server.updatedAt,
    };
  };

  const load = async (id: string) => {
    const server = await storage.mcpServers.get(id);
    if (!server) throw notFound('MCP server', id);
    return server;
  };

  app.get('/api/mcp/servers', { config: privileged, schema: schemas.list }, async () => ({
    servers: await Promise.all((await storage.mcpServers.list()).map(resource)),
  }));

  app.post('/api/mcp/servers', { config: privileged, schema: schemas.create }, async (request, reply) => {
    const input = parseMcpServer(request.body, { localUrlsEnabled: config.webhookLocalUrlsEnabled });
    const created = await storage.mcpServers.create({
      name: input.name!,
      transport: input.transport!,
      command: input.command ?? '',
      args: input.args ?? [],
      cwd: input.cwd ?? '',
      url: input.url ?? '',
      enabled: input.enabled ?? true,
      env: input.env,
      headers: input.headers,
    });
    return reply.code(201).send(await resource(created));
  });

  app.get('/api/mcp/servers/:id', { config: privileged, schema: schemas.get }, async (request) =>
    resource(await load(request.params.id)),
  );

  app.patch('/api/mcp/servers/:id', { config: privileged, schema: schemas.patch }, async (request) => {
    const existing = await load(request.params.id);
    const { keepHeaders, ...body } = request.body;
    const changes = parseMcpServer(body, { localUrlsEnabled: config.webhookLocalUrlsEnabled, existing });
    assertHeadersStayWithOrigin(existing, changes, keepHeaders);
    const updated = await storage.mcpServers.update(existing.id, changes);
    if (!updated) throw notFound('MCP server', request.params.id);
    // the next use starts the server with what is stored now (a changed command needs a new approval)
    await mcp.forget(existing.id);
    return resource(updated);
  });

  app.delete(
    '/api/mcp/servers/:id',
    { config: privileged, schema: schemas.delete },
    async (request, reply) => {
      await load(request.params.id);
      await mcp.forget(request.params.id);
      await storage.mcpServers.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/mcp/servers/:id/approve',
    { config: privileged, schema: schemas.approve },
    async (request) => {
      const server = await load(request.params.id);
      const { fingerprint } = request.body;
      if (server.transport !== 'stdio') {
        throw validationError([
          {
            field: 'fingerprint',
            message:
              'Only stdio servers are approved; an http server is reached under the webhook address policy.',
          },
        ]);
      }
      if (fingerprint !== (await fingerprintOf(server))) {
        throw new HttpError(
          409,
          'The command changed since this review was shown. Reload the server, review the command it shows now and approve that.',
          { code: 'review_outdated' },
        );
      }
      await storage.mcpServers.setApproval(server.id, { fingerprint, approvedAt: new Date().toISOString() });
      await mcp.forget(server.id);
      return resource((await storage.mcpServers.get(server.id))!);
    },
  );

  app.get('/api/mcp/servers/:id/tools', { config: privileged, schema: schemas.tools }, async (request) => {
    let server = await load(request.params.id);
    const envSeal = (await storage.mcpServers.getSecrets(server.id))?.envSeal ?? '';
    let status: McpStatus;
    let error: string | undefined;
    const blocked = mcp.state(server, envSeal);
    if (blocked.status === 'disabled' || blocked.status === 'needs_approval') {
      status = blocked.status;
      error = blocked.error;
    } else {
      try {
        await mcp.listTools(server.id, request.query.refresh === 'true' || request.query.refresh === '1');
        status = 'connected';
      } catch (thrown) {
        const state = mcp.state(server, envSeal);
        status = state.status === 'connected' ? 'error' : state.status;
        error = state.error ?? (thrown instanceof Error ? thrown.message : String(thrown));
      }
      server = await load(server.id);
    }
    const entries = (await listMcpTools(app.toolsmith)).filter((e) => e.serverId === server.id);
    return {
      status,
      ...(error ? { error } : {}),
      toolsListedAt: server.toolsListedAt,
      tools: entries.map((e) => ({
        name: e.toolName,
        modelName: e.modelName,
        displayName: e.displayName,
        description: e.description,
        parameters: e.parameters,
        mode: e.mode,
        enabled: e.enabled,
      })),
    };
  });

  app.put(
    '/api/mcp/servers/:id/tools/:name',
    { config: privileged, schema: schemas.toolToggle },
    async (request) => {
      const server = await load(request.params.id);
      const { enabled } = request.body;
      if (!server.tools.some((t) => t.name === request.params.name)) {
        throw new HttpError(
          404,
          `The MCP server "${server.name}" has no tool named "${request.params.name}".`,
        );
      }
      await storage.mcpServers.setToolState(server.id, request.params.name, enabled);
      const entry = (await listMcpTools(app.toolsmith)).find(
        (e) => e.serverId === server.id && e.toolName === request.params.name,
      )!;
      return { name: entry.toolName, modelName: entry.modelName, enabled: entry.enabled };
    },
  );

  app.get('/api/mcp/settings', { config: privileged, schema: schemas.settings }, async () =>
    loadMcpSettings(storage),
  );

  app.put('/api/mcp/settings', { config: privileged, schema: schemas.settingsPut }, async (request) => {
    await saveMcpSettings(storage, { reexportServerTools: request.body.reexportServerTools });
    return loadMcpSettings(storage);
  });
}
