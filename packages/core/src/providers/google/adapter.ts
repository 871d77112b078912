import { GenerateTaskError } from '../../base/errors.js';
import { readJson, transportError } from '../http.js';
import { readSse } from '../sse.js';
import type { ProviderAdapter, ProviderRequest, StreamEvent } from '../types.js';
import { googleHttpError } from './errors.js';
import { geminiUrl, planGeminiRequest } from './request.js';
import { GeminiStreamReader } from './stream.js';

export function googleHeaders(request: ProviderRequest): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (request.connection.apiKey) headers['x-goog-api-key'] = request.connection.apiKey;
  if (request.stream) headers.accept = 'text/event-stream';
  return { ...headers, ...request.connection.headers };
}

/** Like postJson, with Google's own reading of a 400 that is really a bad key. */
async function post(request: ProviderRequest, body: unknown): Promise<Response> {
  const doFetch = request.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(
      geminiUrl(request.connection.baseUrl, request.connection.model, request.stream),
      {
        method: 'POST',
        headers: googleHeaders(request),
        body: JSON.stringify(body),
        signal: request.signal,
      },
    );
  } catch (error) {
    throw transportError(error, request.signal);
  }
  if (!response.ok) throw await googleHttpError(response);
  return response;
}

async function* send(request: ProviderRequest): AsyncGenerator<StreamEvent> {
  const { body, toolCodecs, responseCodec } = planGeminiRequest(request);
  const response = await post(request, body);
  const reader = new GeminiStreamReader({ toolCodecs, responseCodec });

  if (!request.stream) {
    const raw = await readJson(response, request.signal);
    yield* reader.push(raw);
    yield* reader.end(raw);
    return;
  }

  for await (const message of readSse(response, request.signal)) {
    if (message.data.trim() === '') continue;
    let chunk: unknown;
    try {
      chunk = JSON.parse(message.data);
    } catch (error) {
      throw new GenerateTaskError('network', 'The provider sent a stream chunk that is not valid JSON.', {
        cause: error,
        details: { dataPreview: message.data.slice(0, 200) },
      });
    }
    yield* reader.push(chunk);
  }
  yield* reader.end();
}

/** Google Gemini API (`{baseUrl}/models/{model}:generateContent`, baseUrl like `.../v1beta`). */
export const googleAdapter: ProviderAdapter = {
  api: 'google',
  nativeTools: true,
  send,
};
