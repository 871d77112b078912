import { randomBytes } from 'node:crypto';
import type { GenerateTaskOptions, GenerationParams } from '@toolsmith/core';
import type { FastifyReply } from 'fastify';
import type { CompletionContext } from './chat-completions.js';
import { resolveRuntime } from './chat-completions.js';
import { splitModel, toParams } from './chat-request.js';
import { openaiFinishReason, openaiUsage } from './completion-response.js';
import { invalidRequest, toGatewayError } from './openai-errors.js';
import { readSamplers, samplerExtraBody } from './sampler-fields.js';
import { LazySseWriter } from './sse-writer.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A checked `/v1/completions` request. */
export interface GatewayTextRequest {
  model: string;
  connectionName: string;
  modelOverride?: string;
  prompt: string;
  echo: boolean;
  stream: boolean;
  includeUsage: boolean;
  params: GenerationParams;
  samplerExtras: Record<string, unknown>;
}

function readPrompt(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (Array.isArray(raw) && raw.length === 1 && typeof raw[0] === 'string') return raw[0];
  if (Array.isArray(raw) && raw.length > 1 && raw.every((p) => typeof p === 'string'))
    throw invalidRequest('Send one prompt per request (a string, or a list holding one string).', 'prompt');
  throw invalidRequest('prompt must be a string (token lists are not supported).', 'prompt');
}

/** Checks a Completions body; throws a 400 naming the offending field. */
export function parseTextRequest(body: unknown): GatewayTextRequest {
  if (!isObject(body)) throw invalidRequest('The request body must be a JSON object.');
  const model = body.model;
  if (typeof model !== 'string' || model.trim() === '')
    throw invalidRequest('model is required: a connection name, or CONNECTION_NAME/MODEL.', 'model');
  const split = splitModel(model);
  if (split.toolsAlias)
    throw invalidRequest('/v1/completions runs no tools; use the connection name without +tools.', 'model');
  for (const key of ['n', 'best_of']) {
    if (body[key] !== undefined && body[key] !== null && body[key] !== 1)
      throw invalidRequest(`Only ${key} = 1 is supported.`, key);
  }
  if (body.logprobs !== undefined && body.logprobs !== null && body.logprobs !== 0)
    throw invalidRequest('logprobs are not supported by this gateway.', 'logprobs');
  if (body.suffix !== undefined && body.suffix !== null && body.suffix !== '')
    throw invalidRequest('suffix (fill-in-the-middle) is not supported by this gateway.', 'suffix');
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean')
    throw invalidRequest('stream must be true or false.', 'stream');
  if (body.echo !== undefined && body.echo !== null && typeof body.echo !== 'boolean')
    throw invalidRequest('echo must be true or false.', 'echo');
  const streamOptions = isObject(body.stream_options) ? body.stream_options : {};
  return {
    model,
    connectionName: split.connectionName,
    ...(split.modelOverride ? { modelOverride: split.modelOverride } : {}),
    prompt: readPrompt(body.prompt),
    echo: body.echo === true,
    stream: body.stream === true,
    includeUsage: streamOptions.include_usage === true,
    params: toParams(body),
    samplerExtras: readSamplers(body),
  };
}

/**
 * POST /v1/completions: the prompt through the connection. A text-completion connection gets it as it is (no
 * instruct template: the client has formatted it); a chat connection gets it as one user message.
 */
export async function completeText(
  request: GatewayTextRequest,
  reply: FastifyReply,
  ctx: CompletionContext,
): Promise<unknown> {
  const { runtime, connection, connectionName } = await resolveRuntime(request, ctx, (c) => {
    if (c.api === 'text-completion') c.instructTemplate = 'raw';
  });
  const extraBody = samplerExtraBody(connection, request.samplerExtras);
  const options: GenerateTaskOptions = {
    taskMessages: [{ role: 'user', content: request.prompt }],
    params: extraBody ? { ...request.params, extraBody } : request.params,
    substituteMacros: false,
    abortSignal: ctx.signal,
  };
  const id = `cmpl-${randomBytes(12).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const choice = (text: string, finishReason: string | null) => ({
    text,
    index: 0,
    logprobs: null,
    finish_reason: finishReason,
  });
  const base = { id, object: 'text_completion', created, model: request.model };
  if (!request.stream) {
    try {
      const result = await runtime.generateTask(options);
      const text = (request.echo ? request.prompt : '') + result.assistantText;
      return {
        ...base,
        choices: [choice(text, openaiFinishReason(result.finishReason, false))],
        usage: openaiUsage(result.usage),
      };
    } catch (error) {
      throw toGatewayError(error, connectionName);
    }
  }
  const sse = new LazySseWriter(reply);
  try {
    if (request.echo) await sse.send({ ...base, choices: [choice(request.prompt, null)] });
    for await (const event of runtime.generateTaskStream(options)) {
      if (event.type === 'text-delta' && event.text) {
        await sse.send({ ...base, choices: [choice(event.text, null)] });
      } else if (event.type === 'result') {
        const reason = openaiFinishReason(event.result.finishReason, false);
        await sse.send({ ...base, choices: [choice('', reason)] });
        if (request.includeUsage)
          await sse.send({ ...base, choices: [], usage: openaiUsage(event.result.usage) });
        await sse.send('[DONE]');
      }
    }
  } catch (error) {
    if (!sse.isOpen) throw toGatewayError(error, connectionName);
    await sse.fail(toGatewayError(error, connectionName));
  } finally {
    sse.end();
  }
  return undefined;
}
