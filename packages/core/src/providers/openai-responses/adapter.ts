import { GenerateTaskError } from '../../base/errors.js';
import { joinUrl, postJson, readJson } from '../http.js';
import { openaiHeaders } from '../openai/request.js';
import { readSse } from '../sse.js';
import type { ProviderAdapter, ProviderRequest, StreamEvent } from '../types.js';
import { buildResponsesBody } from './request.js';
import { ResponsesStreamReader } from './stream-reader.js';

async function* send(request: ProviderRequest): AsyncGenerator<StreamEvent> {
  const response = await postJson({
    url: joinUrl(request.connection.baseUrl, 'responses'),
    headers: openaiHeaders(request),
    body: buildResponsesBody(request),
    signal: request.signal,
    fetch: request.fetch,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!request.stream || contentType.includes('application/json')) {
    yield* ResponsesStreamReader.replay(await readJson(response, request.signal));
    return;
  }
  const reader = new ResponsesStreamReader();
  for await (const message of readSse(response, request.signal)) {
    if (message.data.trim() === '' || message.data === '[DONE]') continue;
    let event: unknown;
    try {
      event = JSON.parse(message.data);
    } catch (error) {
      throw new GenerateTaskError('network', 'The provider sent a stream event that is not valid JSON.', {
        cause: error,
        details: { event: message.event, dataPreview: message.data.slice(0, 200) },
      });
    }
    yield* reader.push(event);
    if (reader.finished) return;
  }
  yield* reader.end();
}

/** OpenAI Responses API (`POST {baseUrl}/responses`, baseUrl like `https://api.openai.com/v1`), stateless. */
export const openaiResponsesAdapter: ProviderAdapter = {
  api: 'openai-responses',
  nativeTools: true,
  send,
};
