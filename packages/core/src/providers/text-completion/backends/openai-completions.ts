import { GenerateTaskError } from '../../../base/errors.js';
import { joinUrl } from '../../http.js';
import { openaiUsageToUsage } from '../../openai/index.js';
import { streamPayloadError } from '../../openai/stream-error.js';
import { readSse } from '../../sse.js';
import type { TextBackend, TextPiece } from './types.js';

function completionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(base) ? joinUrl(base, 'completions') : joinUrl(base, 'v1/completions');
}

function piece(chunk: Record<string, any>): TextPiece {
  if (chunk.error || chunk.object === 'error') throw streamPayloadError(chunk);
  const out: TextPiece = {};
  const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  if (choice) {
    if (typeof choice.text === 'string' && choice.text !== '') out.text = choice.text;
    if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '')
      out.finishReason = choice.finish_reason;
  }
  if (chunk.usage) out.usage = openaiUsageToUsage(chunk.usage);
  return out;
}

/** OpenAI-style `/v1/completions`: llama.cpp server, text-generation-webui, vLLM, KoboldCpp's `/v1`. */
export const openaiCompletionsBackend: TextBackend = {
  name: 'openai-completions',
  images: false,
  grammar: false,
  url: (baseUrl) => completionsUrl(baseUrl),
  body({ model, prompt, stop, params, stream }) {
    const body: Record<string, unknown> = { model, prompt };
    if (params.maxTokens !== undefined) body.max_tokens = params.maxTokens;
    if (params.temperature !== undefined) body.temperature = params.temperature;
    if (params.topP !== undefined) body.top_p = params.topP;
    if (params.topK !== undefined) body.top_k = params.topK;
    if (stop.length > 0) body.stop = stop;
    if (params.frequencyPenalty !== undefined) body.frequency_penalty = params.frequencyPenalty;
    if (params.presencePenalty !== undefined) body.presence_penalty = params.presencePenalty;
    if (params.seed !== undefined) body.seed = params.seed;
    // vLLM, text-generation-webui, TabbyAPI and llama.cpp read these extensions; OpenAI's own API has no /completions
    if (params.minP !== undefined) body.min_p = params.minP;
    if (params.repetitionPenalty !== undefined) body.repetition_penalty = params.repetitionPenalty;
    if (stream) body.stream = true;
    return body;
  },
  async *stream(response, signal) {
    let finished = false;
    for await (const message of readSse(response, signal)) {
      if (message.data === '[DONE]') return;
      if (!message.data) continue;
      let chunk: Record<string, any>;
      try {
        chunk = JSON.parse(message.data);
      } catch (error) {
        throw new GenerateTaskError('network', 'The server sent a stream chunk that is not JSON.', {
          cause: error,
          details: { dataPreview: message.data.slice(0, 200) },
        });
      }
      const p = piece(chunk);
      if (p.finishReason) finished = true;
      yield p;
    }
    if (!finished) {
      throw new GenerateTaskError('network', 'The stream ended before the model finished its answer.', {
        details: { cutOff: true },
      });
    }
  },
  parse(body) {
    if (!body || typeof body !== 'object' || !Array.isArray((body as { choices?: unknown }).choices)) {
      if (body && typeof body === 'object' && 'error' in body)
        throw streamPayloadError(body as Record<string, any>);
      throw new GenerateTaskError('no_response', 'The server answered without choices.', {
        details: { body },
      });
    }
    return piece(body as Record<string, any>);
  },
};
