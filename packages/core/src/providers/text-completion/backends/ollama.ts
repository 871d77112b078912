import { GenerateTaskError } from '../../../base/errors.js';
import { joinUrl } from '../../http.js';
import type { Usage } from '../../types.js';
import { readNdjson } from '../ndjson.js';
import { serverRoot, type TextBackend, type TextPiece } from './types.js';

function usageOf(line: Record<string, any>): Usage | undefined {
  if (typeof line.prompt_eval_count !== 'number' && typeof line.eval_count !== 'number') return undefined;
  const usage: Usage = {};
  if (typeof line.prompt_eval_count === 'number') usage.inputTokens = line.prompt_eval_count;
  if (typeof line.eval_count === 'number') usage.outputTokens = line.eval_count;
  if (usage.inputTokens !== undefined && usage.outputTokens !== undefined) {
    usage.totalTokens = usage.inputTokens + usage.outputTokens;
  }
  return usage;
}

/** An Ollama error line carries only a message; there is no status or type to classify it by. */
function ollamaError(line: Record<string, any>): GenerateTaskError {
  return new GenerateTaskError('unknown', String(line.error), { details: { body: line, midStream: true } });
}

function piece(line: Record<string, any>): TextPiece {
  if (line.error !== undefined) throw ollamaError(line);
  const out: TextPiece = {};
  if (typeof line.response === 'string' && line.response !== '') out.text = line.response;
  if (typeof line.thinking === 'string' && line.thinking !== '') out.reasoning = line.thinking;
  if (line.done === true) {
    out.finishReason = typeof line.done_reason === 'string' && line.done_reason ? line.done_reason : 'stop';
    out.usage = usageOf(line);
  }
  return out;
}

/** Ollama `/api/generate` with `raw: true` (the prompt is already templated): NDJSON when streaming. */
export const ollamaBackend: TextBackend = {
  name: 'ollama',
  images: true,
  grammar: false,
  url: (baseUrl) => joinUrl(serverRoot(baseUrl), 'api/generate'),
  body({ model, prompt, stop, params, stream, images, jsonSchema }) {
    const options: Record<string, unknown> = {};
    if (params.contextLength !== undefined) options.num_ctx = params.contextLength;
    if (params.temperature !== undefined) options.temperature = params.temperature;
    if (params.topP !== undefined) options.top_p = params.topP;
    if (params.topK !== undefined) options.top_k = params.topK;
    if (params.maxTokens !== undefined) options.num_predict = params.maxTokens;
    if (stop.length > 0) options.stop = stop;
    if (params.seed !== undefined) options.seed = params.seed;
    if (params.frequencyPenalty !== undefined) options.frequency_penalty = params.frequencyPenalty;
    if (params.presencePenalty !== undefined) options.presence_penalty = params.presencePenalty;
    if (params.minP !== undefined) options.min_p = params.minP;
    if (params.repetitionPenalty !== undefined) options.repeat_penalty = params.repetitionPenalty;
    const body: Record<string, unknown> = { model, prompt, raw: true, stream, options };
    if (images.length > 0) body.images = images;
    // Ollama constrains the output to a JSON Schema given as `format`
    if (jsonSchema) body.format = jsonSchema;
    return body;
  },
  async *stream(response, signal) {
    for await (const line of readNdjson(response, signal)) {
      const p = piece(line);
      yield p;
      if (line.done === true) return;
    }
    throw new GenerateTaskError('network', 'The stream ended before Ollama said it was done.', {
      details: { cutOff: true },
    });
  },
  parse(body) {
    if (!body || typeof body !== 'object') {
      throw new GenerateTaskError('no_response', 'Ollama sent no answer.', { details: { body } });
    }
    return piece(body as Record<string, any>);
  },
};
