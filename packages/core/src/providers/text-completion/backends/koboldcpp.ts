import { GenerateTaskError } from '../../../base/errors.js';
import { joinUrl } from '../../http.js';
import { readSse } from '../../sse.js';
import { serverRoot, type TextBackend, type TextPiece } from './types.js';

/**
 * KoboldCpp: the KoboldAI United API (`/api/v1/generate`, `{ results: [{ text }] }`) and KoboldCpp's SSE
 * extension (`/api/extra/generate/stream`, `event: message` with `{ token, finish_reason }`).
 */
export const koboldcppBackend: TextBackend = {
  name: 'koboldcpp',
  images: true,
  grammar: true,
  url(baseUrl, stream) {
    return joinUrl(serverRoot(baseUrl), stream ? 'api/extra/generate/stream' : 'api/v1/generate');
  },
  body({ prompt, stop, params, images, grammar }) {
    const body: Record<string, unknown> = { prompt, stop_sequence: stop, trim_stop: true };
    if (params.contextLength !== undefined) body.max_context_length = params.contextLength;
    if (params.maxTokens !== undefined) body.max_length = params.maxTokens;
    if (params.temperature !== undefined) body.temperature = params.temperature;
    if (params.topP !== undefined) body.top_p = params.topP;
    if (params.topK !== undefined) body.top_k = params.topK;
    if (params.presencePenalty !== undefined) body.presence_penalty = params.presencePenalty;
    if (params.minP !== undefined) body.min_p = params.minP;
    if (params.repetitionPenalty !== undefined) body.rep_pen = params.repetitionPenalty;
    if (params.seed !== undefined) body.sampler_seed = params.seed;
    // KoboldCpp with a vision projector (--mmproj) reads base64 images next to the prompt
    if (images.length > 0) body.images = images;
    // KoboldCpp decodes under a GBNF grammar given in `grammar` (a required text-mode tool call)
    if (grammar) body.grammar = grammar;
    return body;
  },
  async *stream(response, signal) {
    for await (const message of readSse(response, signal)) {
      if (!message.data) continue;
      let data: Record<string, any>;
      try {
        data = JSON.parse(message.data);
      } catch (error) {
        throw new GenerateTaskError('network', 'KoboldCpp sent a stream event that is not JSON.', {
          cause: error,
          details: { dataPreview: message.data.slice(0, 200) },
        });
      }
      const piece: TextPiece = {};
      if (typeof data.token === 'string' && data.token !== '') piece.text = data.token;
      if (typeof data.finish_reason === 'string' && data.finish_reason !== '')
        piece.finishReason = data.finish_reason;
      yield piece;
    }
    // Older KoboldCpp builds send no finish reason: a clean end of the body is the end of the answer.
  },
  parse(body) {
    const result = (body as { results?: Array<Record<string, unknown>> } | null)?.results?.[0];
    if (!result || typeof result.text !== 'string') {
      throw new GenerateTaskError('no_response', 'KoboldCpp answered without a result.', {
        details: { body },
      });
    }
    const piece: TextPiece = { text: result.text };
    if (typeof result.finish_reason === 'string') piece.finishReason = result.finish_reason;
    // Newer builds report token counts next to the text.
    if (typeof result.prompt_tokens === 'number' && typeof result.completion_tokens === 'number') {
      piece.usage = {
        inputTokens: result.prompt_tokens,
        outputTokens: result.completion_tokens,
        totalTokens: result.prompt_tokens + result.completion_tokens,
      };
    }
    return piece;
  },
};
