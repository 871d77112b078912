import {
  type Connection,
  createRuntime,
  type GenerateTaskOptions,
  type OpenAiStyleTool,
  type Runtime,
  type ToolLoopEvent,
  type ToolSpec,
} from '@toolsmith/core';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../app/context.js';
import { toCoreConnection } from '../executors/runtime-sources.js';
import { toolExecutors } from '../executors/tool-executors.js';
import { storedToolModeMemory } from '../executors/tool-mode-memory.js';
import { loadToolRegistry } from '../executors/tool-registry.js';
import { GLOBAL_SCOPE } from '../storage/types.js';
import type { GatewayChatRequest } from './chat-request.js';
import {
  chatCompletion,
  chunkFactory,
  loopReport,
  newCompletionId,
  openaiFinishReason,
  openaiToolCall,
  openaiUsage,
} from './completion-response.js';
import { GatewayError, invalidRequest, toGatewayError } from './openai-errors.js';
import { samplerExtraBody } from './sampler-fields.js';
import { LazySseWriter } from './sse-writer.js';

/** Everything one completion needs besides the request. */
export interface CompletionContext {
  app: Pick<
    AppContext,
    'config' | 'storage' | 'builtins' | 'sandbox' | 'webhookExecutor' | 'telemetry' | 'mcp'
  >;
  /** aborted when the client goes away or the server shuts down */
  signal: AbortSignal;
  /** injected into provider requests (the default is the global fetch) */
  fetch?: typeof fetch;
}

/** What the model is sent as tools: the client's, plus the server's enabled tools when asked. */
interface ToolSet {
  tools: Array<OpenAiStyleTool | ToolSpec>;
  /** for the server-side loop: the registry that runs the server's tools */
  registry?: Awaited<ReturnType<typeof loadToolRegistry>>;
  serverSpecs: ToolSpec[];
}

async function toolSet(
  request: GatewayChatRequest,
  ctx: CompletionContext,
  toolsOff: boolean,
): Promise<ToolSet> {
  // function calling off on the connection: client tools are left out by the core, server tools never load
  if (!request.serverTools || toolsOff) return { tools: request.tools, serverSpecs: [] };
  const registry = await loadToolRegistry(ctx.app);
  const scriptsOn = ctx.app.config.customToolScriptEnabled;
  // script tools count only while scripts are enabled on this server (as in chats)
  const serverSpecs = (await registry.toolSpecsForModel(GLOBAL_SCOPE)).filter(
    (spec) => scriptsOn || registry.resolve(spec.name)?.definition.kind !== 'script',
  );
  const clientNames = new Set(request.tools.map((t) => t.function.name));
  const clash = serverSpecs.find((s) => clientNames.has(s.name));
  if (clash) {
    throw invalidRequest(
      `The client tool "${clash.name}" has the name of one of the server's tools; rename it or leave out toolsmith.serverTools.`,
      'tools',
    );
  }
  return { tools: [...request.tools, ...serverSpecs], registry, serverSpecs };
}

/**
 * The runtime for one gateway request: the named connection (its model replaced by `/MODEL`), adjusted by
 * `adjust` (the completions route drops the instruct template), with the stored tool-mode memory.
 */
export async function resolveRuntime(
  request: { model: string; connectionName: string; modelOverride?: string },
  ctx: CompletionContext,
  adjust?: (connection: Connection) => void,
) {
  const { storage } = ctx.app;
  const stored = await storage.connections.getByName(request.connectionName);
  if (!stored) {
    throw new GatewayError(
      404,
      `The model "${request.model}" does not exist: no connection is named "${request.connectionName}". GET /v1/models lists them; use CONNECTION_NAME or CONNECTION_NAME/MODEL.`,
      'invalid_request_error',
      'model_not_found',
      'model',
    );
  }
  const connection = toCoreConnection(stored, await storage.connections.getApiKey(stored.id));
  if (request.modelOverride) connection.model = request.modelOverride;
  if (!connection.baseUrl) {
    throw invalidRequest(
      `The connection "${stored.name}" has no base URL. Set baseUrl in its settings to where the backend runs.`,
      'model',
      'connection_incomplete',
    );
  }
  adjust?.(connection);
  const runtime = createRuntime({
    connections: [connection],
    // what auto learns about CONNECTION/MODEL is kept for that model
    toolModeMemory: storedToolModeMemory(storage),
    ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
  });
  return { runtime, connection, connectionName: stored.name, toolsOff: !connection.functionCalling.enabled };
}

function taskOptions(
  request: GatewayChatRequest,
  tools: ToolSet,
  ctx: CompletionContext,
  connection: Connection,
): GenerateTaskOptions {
  const extraBody = samplerExtraBody(connection, request.samplerExtras);
  const options: GenerateTaskOptions = {
    taskMessages: request.messages,
    params: extraBody ? { ...request.params, extraBody } : request.params,
    // client text is data, never a template
    substituteMacros: false,
    abortSignal: ctx.signal,
  };
  if (tools.tools.length > 0) options.tools = tools.tools;
  if (request.toolChoice !== undefined) options.toolChoice = request.toolChoice;
  if (request.parallelToolCalls !== undefined) options.parallelToolCalls = request.parallelToolCalls;
  if (request.jsonSchema !== undefined) options.jsonSchema = request.jsonSchema;
  return options;
}

/**
 * POST /v1/chat/completions: one model answer (the client's tool calls come back as `tool_calls`, whatever
 * protocol the upstream speaks), or with `toolsmith.execute` the server's whole tool loop and its final answer.
 */
export async function completeChat(
  request: GatewayChatRequest,
  reply: FastifyReply,
  ctx: CompletionContext,
): Promise<unknown> {
  const { runtime, connection, connectionName, toolsOff } = await resolveRuntime(request, ctx);
  const tools = await toolSet(request, ctx, toolsOff);
  const options = taskOptions(request, tools, ctx, connection);
  const id = newCompletionId();
  const created = Math.floor(Date.now() / 1000);
  const answer = async () => {
    if (request.execute)
      return await runServerLoop(runtime, request, options, tools, reply, ctx, {
        id,
        created,
        connectionName,
      });
    if (request.stream)
      return await streamAnswer(runtime, request, options, reply, id, created, connectionName);
    const result = await runtime.generateTask(options);
    return chatCompletion({
      id,
      model: request.model,
      created,
      content: result.assistantText,
      reasoning: result.reasoning,
      toolCalls: result.toolCalls.map(openaiToolCall),
      finishReason: openaiFinishReason(result.finishReason, result.toolCalls.length > 0),
      usage: openaiUsage(result.usage),
    });
  };
  try {
    const answered = await answer();
    ctx.app.telemetry.generation('gateway', 'ok');
    return answered;
  } catch (error) {
    ctx.app.telemetry.generation('gateway', 'error');
    throw toGatewayError(error, connectionName);
  }
}

async function streamAnswer(
  runtime: Runtime,
  request: GatewayChatRequest,
  options: GenerateTaskOptions,
  reply: FastifyReply,
  id: string,
  created: number,
  connectionName: string,
): Promise<void> {
  const sse = new LazySseWriter(reply);
  const chunks = chunkFactory(id, request.model, created);
  const start = async () => {
    if (!sse.isOpen) await sse.send(chunks.role());
  };
  let calls = 0;
  try {
    for await (const event of runtime.generateTaskStream(options)) {
      if (event.type === 'text-delta' && event.text) {
        await start();
        await sse.send(chunks.content(event.text));
      } else if (event.type === 'reasoning-delta' && event.text) {
        await start();
        await sse.send(chunks.reasoning(event.text));
      } else if (event.type === 'tool-call') {
        // Whole calls, sent once the provider (or the text parser) has finished them: arguments the core
        // corrected or re-read never contradict what was already streamed.
        await start();
        const call = openaiToolCall({ id: event.id, name: event.name, args: event.args, raw: event.rawArgs });
        await sse.send(chunks.toolCall(calls++, call));
      } else if (event.type === 'result') {
        await start();
        await sse.send(chunks.finish(openaiFinishReason(event.result.finishReason, calls > 0)));
        if (request.includeUsage) await sse.send(chunks.usage(openaiUsage(event.result.usage)));
        await sse.send('[DONE]');
      }
    }
  } catch (error) {
    // nothing sent yet: the route answers with a real status and error body
    if (!sse.isOpen) throw error;
    await sse.fail(toGatewayError(error, connectionName));
  } finally {
    sse.end();
  }
}

async function runServerLoop(
  runtime: Runtime,
  request: GatewayChatRequest,
  options: GenerateTaskOptions,
  tools: ToolSet,
  reply: FastifyReply,
  ctx: CompletionContext,
  answer: { id: string; created: number; connectionName: string },
): Promise<unknown> {
  const { id, created, connectionName } = answer;
  const { config } = ctx.app;
  const hasScripts = tools.serverSpecs.some(
    (s) => tools.registry?.resolve(s.name)?.definition.kind === 'script',
  );
  const sse = request.stream ? new LazySseWriter(reply) : undefined;
  const chunks = chunkFactory(id, request.model, created);
  const start = async () => {
    if (sse && !sse.isOpen) await sse.send(chunks.role());
  };
  // The server's tool calls are its own business: only the text of each round reaches the client.
  const onEvent = async (event: ToolLoopEvent) => {
    if (!sse) return;
    if (event.type === 'text-delta' && event.text) {
      await start();
      await sse.send(chunks.content(event.text));
    } else if (event.type === 'reasoning-delta' && event.text) {
      await start();
      await sse.send(chunks.reasoning(event.text));
    }
  };
  try {
    const result = await runtime.runToolLoop({
      ...options,
      tools: tools.serverSpecs,
      registry: tools.registry!,
      scope: GLOBAL_SCOPE,
      maxRounds: config.maxToolRounds,
      toolTimeoutMs: config.customToolTimeoutMs,
      stream: request.stream,
      // no chat behind a gateway request: tools get no chat snapshot and no hidden context
      ctx: { chat: null, gateway: true },
      sandbox: hasScripts && config.customToolScriptEnabled ? ctx.app.sandbox() : undefined,
      executors: toolExecutors(ctx.app.webhookExecutor, ctx.app.telemetry.toolRun),
      onEvent,
    });
    const last = result.steps.at(-1);
    const finishReason = openaiFinishReason(last?.finishReason ?? 'stop', false);
    const report = loopReport(result.stoppedBecause, result.trace);
    if (!sse) {
      return chatCompletion({
        id,
        model: request.model,
        created,
        content: result.finalText,
        reasoning: last?.reasoning,
        toolCalls: [],
        finishReason,
        usage: openaiUsage(result.usage),
        toolsmith: report,
      });
    }
    await start();
    await sse.send(chunks.finish(finishReason, { toolsmith: report }));
    if (request.includeUsage) await sse.send(chunks.usage(openaiUsage(result.usage)));
    await sse.send('[DONE]');
    return undefined;
  } catch (error) {
    if (!sse?.isOpen) throw error;
    await sse.fail(toGatewayError(error, connectionName));
    return undefined;
  } finally {
    sse?.end();
  }
}
