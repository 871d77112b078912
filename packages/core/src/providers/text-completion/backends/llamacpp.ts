import { GenerateTaskError } from '../../../base/errors.js';
import { joinUrl } from '../../http.js';
import { readSse } from '../../sse.js';
import type { Usage } from '../../types.js';
import { serverRoot, type TextBackend, type TextPiece } from './types.js';

/** The finish reason of a final chunk: `stop_type` (eos, word, limit), or the older `stopped_*` flags. */
function finishReason(chunk: Record<string, any>): string {
  const type = chunk.stop_type ?? (chunk.stopped_limit ? 'limit' : 'eos');
  return type === 'limit' ? 'length' : 'stop';
}

function usageOf(chunk: Record<string, any>): Usage | undefined {
  const input = chunk.tokens_evaluated;
  const output = chunk.tokens_predicted;
  if (typeof input !== 'number' || typeof output !== 'number') return undefined;
  return { inputTokens: input, outputTokens: output, totalTokens: input + output };
}

function piece(chunk: Record<string, any>): TextPiece {
  if (chunk.error !== undefined) {
    const error = chunk.error as Record<string, unknown> | string;
    const message =
      typeof error === 'string' ? error : String(error.message ?? 'llama.cpp reported an error.');
    throw new GenerateTaskError('unknown', message, { details: { body: chunk, midStream: true } });
  }
  const out: TextPiece = {};
  if (typeof chunk.content === 'string' && chunk.content !== '') out.text = chunk.content;
  if (chunk.stop === true) {
    out.finishReason = finishReason(chunk);
    out.usage = usageOf(chunk);
  }
  return out;
}

/**
 * llama.cpp server's own `/completion` (SSE `data: { content, stop }` when streaming; the last chunk has
 * `stop: true`, `stop_type` and token counts). It takes llama.cpp's sampler names and `json_schema`.
 */
export const llamacppBackend: TextBackend = {
  name: 'llamacpp',
  images: false,
  grammar: true,
  url: (baseUrl) => joinUrl(serverRoot(baseUrl), 'completion'),
  body({ prompt, stop, params, stream, jsonSchema, grammar }) {
    // cache_prompt reuses the evaluated prefix of the last request: a chat's prompt grows at its end
    const body: Record<string, unknown> = { prompt, stream, cache_prompt: true };
    if (params.maxTokens !== undefined) body.n_predict = params.maxTokens;
    if (params.temperature !== undefined) body.temperature = params.temperature;
    if (params.topP !== undefined) body.top_p = params.topP;
    if (params.topK !== undefined) body.top_k = params.topK;
    if (params.minP !== undefined) body.min_p = params.minP;
    if (params.repetitionPenalty !== undefined) body.repeat_penalty = params.repetitionPenalty;
    if (params.frequencyPenalty !== undefined) body.frequency_penalty = params.frequencyPenalty;
    if (params.presencePenalty !== undefined) body.presence_penalty = params.presencePenalty;
    if (params.seed !== undefined) body.seed = params.seed;
    if (stop.length > 0) body.stop = stop;
    if (jsonSchema) body.json_schema = jsonSchema;
    // a required text-mode tool call: the GBNF grammar of the protocol (llama.cpp takes one or the other)
    else if (grammar) body.grammar = grammar;
    return body;
  },
  async *stream(response, signal) {
    for await (const message of readSse(response, signal)) {
      if (!message.data || message.data === '[DONE]') continue;
      let chunk: Record<string, any>;
      try {
        chunk = JSON.parse(message.data);
      } catch (error) {
        throw new GenerateTaskError('network', 'llama.cpp sent a stream chunk that is not JSON.', {
          cause: error,
          details: { dataPreview: message.data.slice(0, 200) },
        });
      }
      const p = piece(chunk);
      yield p;
      if (chunk.stop === true) return;
    }
    throw new GenerateTaskError('network', 'The stream ended before llama.cpp said it was done.', {
      details: { cutOff: true },
    });
  },
  parse(body) {
    if (!body || typeof body !== 'object' || typeof (body as { content?: unknown }).content !== 'string') {
      if (body && typeof body === 'object' && 'error' in body) return piece(body as Record<string, any>);
      throw new GenerateTaskError('no_response', 'llama.cpp answered without content.', {
        details: { body },
      });
    }
    return piece({ stop: true, ...(body as Record<string, any>) });
  },
};
