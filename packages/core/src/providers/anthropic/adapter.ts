import { GenerateTaskError } from '../../base/errors.js';
import { joinUrl, postJson, readJson } from '../http.js';
import { readSse } from '../sse.js';
import type { ProviderAdapter, ProviderRequest, StreamEvent } from '../types.js';
import { ANTHROPIC_VERSION, buildAnthropicBody } from './request.js';
import { AnthropicStreamReader } from './stream.js';

export function anthropicHeaders(request: ProviderRequest): Record<string, string> {
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
  if (request.connection.apiKey) headers['x-api-key'] = request.connection.apiKey;
  if (request.stream) headers.accept = 'text/event-stream';
  return { ...headers, ...request.connection.headers };
}

async function* send(request: ProviderRequest): AsyncGenerator<StreamEvent> {
  const body = buildAnthropicBody(request);
  const jsonMode = request.jsonSchema !== undefined;
  const response = await postJson({
    url: joinUrl(request.connection.baseUrl, 'messages'),
    headers: anthropicHeaders(request),
    body,
    signal: request.signal,
    fetch: request.fetch,
  });

  if (!request.stream) {
    yield* AnthropicStreamReader.replay(await readJson(response, request.signal), { jsonMode });
    return;
  }

  const reader = new AnthropicStreamReader({ jsonMode });
  for await (const message of readSse(response, request.signal)) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch (error) {
      throw new GenerateTaskError('network', 'The provider sent a stream event that is not valid JSON.', {
        cause: error,
        details: { event: message.event, dataPreview: message.data.slice(0, 200) },
      });
    }
    yield* reader.push(data);
    if (reader.finished) return;
  }
  yield* reader.end();
}

/** Anthropic Messages API (`POST {baseUrl}/messages`, baseUrl like `https://api.anthropic.com/v1`). */
export const anthropicAdapter: ProviderAdapter = {
  api: 'anthropic',
  nativeTools: true,
  send,
};
