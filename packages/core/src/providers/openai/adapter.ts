import { GenerateTaskError } from '../../generate/errors.js';
import { joinUrl, postJson, readJson } from '../http.js';
import { readSse } from '../sse.js';
import type { ProviderAdapter, ProviderRequest, StreamEvent } from '../types.js';
import { OpenAIChunkReader } from './chunk-reader.js';
import { buildOpenAIBody, openaiHeaders } from './request.js';
import { replayOpenAIResponse } from './response.js';
import { streamPayloadError } from './stream-error.js';

function parseChunk(data: string): Record<string, any> {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw new GenerateTaskError('network', 'The provider sent a stream chunk that is not JSON.', {
      cause: error,
      details: { dataPreview: data.slice(0, 200) },
    });
  }
}

async function* send(request: ProviderRequest): AsyncGenerator<StreamEvent> {
  const response = await postJson({
    url: joinUrl(request.connection.baseUrl, 'chat/completions'),
    headers: openaiHeaders(request),
    body: buildOpenAIBody(request),
    signal: request.signal,
    fetch: request.fetch,
  });
  // A server that ignores `stream: true` answers with a whole JSON body: replay it the same way.
  const contentType = response.headers.get('content-type') ?? '';
  if (!request.stream || contentType.includes('application/json')) {
    yield* replayOpenAIResponse(await readJson(response, request.signal));
    return;
  }
  const reader = new OpenAIChunkReader();
  const out: StreamEvent[] = [];
  let sawDone = false;
  for await (const message of readSse(response, request.signal)) {
    const data = message.data;
    if (data === '[DONE]') {
      sawDone = true;
      break;
    }
    if (data === '') continue;
    const chunk = parseChunk(data);
    if (message.event === 'error') throw streamPayloadError(chunk);
    reader.handle(chunk, out);
    if (out.length === 0) continue;
    for (let i = 0; i < out.length; i++) yield out[i];
    out.length = 0;
  }
  reader.end(sawDone, out);
  yield* out;
}

/** Chat Completions for OpenAI and every OpenAI-compatible base URL (the base URL includes `/v1`). */
export const openaiAdapter: ProviderAdapter = {
  api: 'openai',
  nativeTools: true,
  send,
};
