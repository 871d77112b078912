import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  checkScriptSyntax,
  executeToolCall,
  type FieldError,
  type ToolDefinition,
  type ToolResultEnvelope,
} from '@toolsmith/core';
import {
  type CompileAnswer,
  type DryRunAnswer,
  type DryRunBody,
  toolTransferRouteSchemas as schemas,
} from '@toolsmith/core/api-schema';
import { normalizeParametersSchema } from '@toolsmith/core/internal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { abortWhen } from '../app/abort-link.js';
import { HttpError, validationError } from '../app/http-error.js';
import { createBuiltinServices } from '../builtins/builtin-context.js';
import { registryWithBuiltins } from '../executors/builtin-registry.js';
import { enableForDryRun } from '../executors/enable-for-dry-run.js';
import { toolExecutors } from '../executors/tool-executors.js';
import { dryRunScriptSetup } from '../generation/dry-run-ctx.js';
import { listMcpTools, registerMcpTools } from '../mcp/mcp-tools.js';
import { containsMask, MASK } from '../secrets/url-credentials.js';
import { GLOBAL_SCOPE } from '../storage/types.js';
import { EMPTY_PARAMETERS, MSG_SCRIPTS_DISABLED, storedToDefinition } from './tool-input.js';

/** Luker's dry-run wall: a test run never holds the editor longer than this. */
export const DRY_RUN_TIMEOUT_MS = 3_000;
const UNSAVED_NAME = 'dry_run_tool';

function answer(envelope: ToolResultEnvelope): DryRunAnswer {
  const out: DryRunAnswer = envelope.ok
    ? {
        ok: true,
        result: envelope.result,
        error: null,
        logs: envelope.logs ?? [],
        durationMs: envelope.durationMs,
      }
    : {
        ok: false,
        result: null,
        error: envelope.error.message,
        code: envelope.error.code,
        logs: envelope.logs ?? [],
        durationMs: envelope.durationMs,
      };
  if (!envelope.ok && envelope.error.hint) out.hint = envelope.error.hint;
  if (envelope.simulated) out.simulated = true;
  if (envelope.unvalidated) out.unvalidated = true;
  if (envelope.attachments) out.attachments = envelope.attachments;
  return out;
}

/** A signal that fires when the client goes away or the server shuts down. */
function requestSignal(
  request: FastifyRequest,
  shutdownSignal: AbortSignal,
): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!request.raw.complete || request.raw.socket.destroyed) controller.abort();
  };
  request.raw.socket.on('close', onClose);
  const unlink = abortWhen(controller, shutdownSignal);
  return {
    signal: controller.signal,
    done: () => {
      request.raw.socket.off('close', onClose);
      unlink();
    },
  };
}

/** The hidden context is kept only for tools that ask for it (as in a chat generation). */
function withoutHiddenContext(
  ctx: Record<string, unknown>,
  definition: ToolDefinition,
): Record<string, unknown> {
  if (definition.includeHiddenContext) return ctx;
  const { context: _withheld, ...rest } = ctx;
  return rest;
}

/**
 * An unsaved tool from the editor (its fields' shapes checked by DryRunBody): the rules are that a masked
 * webhook URL cannot run unsaved, the parameters are an object schema, and a script has a body.
 */
function unsavedDefinition(body: DryRunBody): ToolDefinition {
  const kind = body.kind ?? 'script';
  const problems: FieldError[] = [];
  if (body.webhookUrl !== undefined && containsMask(body.webhookUrl)) {
    problems.push({
      field: 'webhookUrl',
      message: `webhookUrl has hidden credentials (${MASK}) that an unsaved run cannot use. Save the tool and run it, or type the whole URL.`,
    });
  }
  let parameters = EMPTY_PARAMETERS as Record<string, unknown>;
  if (body.parameters !== undefined) {
    const p = normalizeParametersSchema(body.parameters);
    if ((p as { type?: unknown }).type !== 'object') {
      problems.push({
        field: 'parameters',
        message: 'Parameters must be a JSON Schema object with "type": "object" at the root.',
      });
    } else parameters = p;
  }
  if (kind === 'script' && body.body === undefined)
    problems.push({ field: 'body', message: 'body is required: the script to run.' });
  if (problems.length > 0) throw validationError(problems);
  return {
    name: UNSAVED_NAME,
    description: 'A tool being edited.',
    parameters,
    mode: body.mode ?? 'read',
    kind,
    body: body.body ?? '',
    simulateBody: body.simulateBody ?? '',
    staticResult: body.staticResult ?? '',
    webhookUrl: body.webhookUrl ?? '',
    includeHiddenContext: body.includeHiddenContext ?? false,
    allowFetch: kind === 'script' && body.allowFetch === true,
    enabled: true,
  };
}

/** POST /api/tools/compile and /api/tools/dry-run. */
export async function toolDryRunRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.toolsmith;
  const privileged = { privileged: true };

  app.post(
    '/api/tools/compile',
    { config: privileged, schema: schemas.compile },
    async (request): Promise<CompileAnswer> => {
      const result = checkScriptSyntax(request.body.body);
      if (result.ok) return { ok: true };
      if (result.kind === 'escapes') {
        return {
          ok: false,
          error:
            'The body closes its enclosing function early (unbalanced braces); keep the code inside the function body.',
          line: 1,
          column: 1,
        };
      }
      return { ok: false, error: result.message, line: result.line, column: result.column };
    },
  );

  app.post('/api/tools/dry-run', { config: privileged, schema: schemas.dryRun }, async (request) => {
    const body = request.body;
    const simulate = body.simulate === true;
    const args = body.args === undefined ? {} : body.args;
    // a chat to run against: the ctx its generation would give (writes recorded, not applied)
    const chat = typeof body.chatId === 'string' ? await ctx.storage.chats.get(body.chatId) : null;
    if (typeof body.chatId === 'string' && !chat) {
      throw new HttpError(
        404,
        `No chat with id "${body.chatId}". Leave chatId out to dry-run without a chat.`,
      );
    }
    const states = await ctx.storage.builtinTools.list(GLOBAL_SCOPE);
    // builtins see the data outside any chat: global variables and global lorebooks
    const registry = registryWithBuiltins(ctx.builtins, states, createBuiltinServices(ctx.storage));

    let definition: ToolDefinition;
    if (typeof body.id === 'string' || typeof body.name === 'string') {
      const stored =
        typeof body.id === 'string'
          ? await ctx.storage.tools.get(body.id)
          : await ctx.storage.tools.getByName(body.name!, GLOBAL_SCOPE);
      const builtin = stored ? undefined : ctx.builtins.find((b) => b.name === body.name);
      const mcpTool =
        stored || builtin || typeof body.name !== 'string'
          ? undefined
          : (await listMcpTools(ctx)).find((e) => e.modelName === body.name);
      if (!stored && !builtin && !mcpTool) {
        throw new HttpError(
          404,
          `No tool ${typeof body.id === 'string' ? `with id "${body.id}"` : `named "${body.name}"`}.`,
        );
      }
      if (stored) {
        // A dry run is how a tool is tried before switching it on, so it runs even while disabled.
        definition = { ...storedToDefinition(stored), enabled: true };
        registry.register(definition, { layer: 'custom', scope: GLOBAL_SCOPE });
      } else if (builtin) {
        enableForDryRun(registry, builtin.name);
        definition = registry.resolve(builtin.name)!.definition;
      } else {
        const entry = mcpTool!;
        if (!entry.available) {
          const server = (await ctx.storage.mcpServers.get(entry.serverId))!;
          const envSeal = (await ctx.storage.mcpServers.getSecrets(server.id))?.envSeal ?? '';
          throw new HttpError(409, `${entry.modelName}: ${ctx.mcp.state(server, envSeal).error}`, {
            code: 'mcp_server_unavailable',
          });
        }
        // an MCP tool is tried like a stored one: even while its switch is off
        await registerMcpTools(registry, ctx);
        enableForDryRun(registry, entry.modelName);
        definition = registry.resolve(entry.modelName)!.definition;
      }
    } else if (body.kind !== undefined || body.body !== undefined) {
      definition = unsavedDefinition(body);
      registry.register(definition, { layer: 'custom', scope: GLOBAL_SCOPE });
    } else {
      throw validationError([
        {
          field: 'id',
          message: 'Send { id | name, args } for a saved tool, or { kind, body, args } for an unsaved one.',
        },
      ]);
    }
    if (definition.kind === 'script' && !ctx.config.customToolScriptEnabled) {
      throw new HttpError(403, MSG_SCRIPTS_DISABLED, { code: 'scripts_disabled' });
    }

    const { signal, done } = requestSignal(request, ctx.shutdownSignal);
    const setup = await dryRunScriptSetup(ctx, chat ?? null, {
      allowFetch: definition.kind === 'script' && definition.allowFetch === true,
      signal,
    });
    try {
      const envelope = await executeToolCall(
        { name: definition.name, args },
        {
          registry,
          scope: GLOBAL_SCOPE,
          ctx: withoutHiddenContext(setup.ctx, definition),
          hostFunctions: setup.hostFunctions,
          simulate,
          signal,
          timeoutMs: DRY_RUN_TIMEOUT_MS,
          sandbox: definition.kind === 'script' ? ctx.sandbox() : undefined,
          executors: toolExecutors(ctx.webhookExecutor, ctx.telemetry.toolRun),
        },
      );
      const out = answer(envelope);
      if (setup.writes.length > 0) out.writes = setup.writes;
      return out;
    } finally {
      done();
    }
  });
}
