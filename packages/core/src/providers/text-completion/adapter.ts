import { GenerateTaskError } from '../../base/errors.js';
import { normalizeFinishReason } from '../finish-reason.js';
import { postJson, readJson } from '../http.js';
import { imagesForModel } from '../images.js';
import { applyExtraBody } from '../request-settings.js';
import type { Connection, ProviderAdapter, ProviderRequest, StreamEvent, Usage } from '../types.js';
import { koboldcppBackend } from './backends/koboldcpp.js';
import { llamacppBackend } from './backends/llamacpp.js';
import { ollamaBackend } from './backends/ollama.js';
import { openaiCompletionsBackend } from './backends/openai-completions.js';
import type { TextBackend, TextPiece } from './backends/types.js';
import { StopStringFilter } from './stop-filter.js';
import { getInstructTemplate, toInstructTurns } from './templates.js';
import { toolCallGrammar } from './tool-call-grammar.js';

const BACKENDS: Readonly<Record<string, TextBackend>> = Object.freeze({
  koboldcpp: koboldcppBackend,
  'openai-completions': openaiCompletionsBackend,
  ollama: ollamaBackend,
  llamacpp: llamacppBackend,
});

/** The backend for a connection; `/v1/completions` (the most widely spoken) when none is set. */
export function textBackendFor(connection: Connection): TextBackend {
  const name = connection.textBackend ?? 'openai-completions';
  if (!Object.hasOwn(BACKENDS, name)) {
    throw new GenerateTaskError('invalid_input', `Unknown text-completion backend "${name}".`, {
      details: { textBackend: name, known: Object.keys(BACKENDS) },
    });
  }
  return BACKENDS[name];
}

async function* pieces(
  backend: TextBackend,
  response: Response,
  request: ProviderRequest,
  raw: { body?: unknown },
): AsyncGenerator<TextPiece> {
  if (request.stream) {
    yield* backend.stream(response, request.signal);
    return;
  }
  raw.body = await readJson(response, request.signal);
  yield backend.parse(raw.body);
}

async function* send(request: ProviderRequest): AsyncGenerator<StreamEvent> {
  const { connection } = request;
  const backend = textBackendFor(connection);
  const template = getInstructTemplate(connection.instructTemplate);
  const params = request.params ?? {};
  const stop = [...new Set([...template.stop, ...(params.stop ?? [])])].filter((s) => s !== '');
  // Images go next to the prompt where the backend's API carries them (inline bytes only: a local server does
  // not fetch URLs); anywhere else each becomes a note in the text.
  const messages = imagesForModel(request.messages, {
    vision: connection.vision,
    keep: (image) => backend.images && image.data !== undefined,
    reason: backend.images
      ? 'local backends take image bytes, not links.'
      : `the ${backend.name} API carries text only.`,
  });
  const images = messages.flatMap((m) =>
    m.role === 'user' || m.role === 'tool' ? (m.images ?? []).map((image) => image.data ?? '') : [],
  );
  // Tools never go native here: the caller has put the text protocol into the messages.
  const prompt = template.render(toInstructTurns(messages));
  const headers: Record<string, string> = {};
  if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;
  const response = await postJson({
    url: backend.url(connection.baseUrl, request.stream),
    headers: { ...headers, ...connection.headers },
    body: applyExtraBody(
      backend.body({
        model: connection.model,
        prompt,
        stop,
        params,
        stream: request.stream,
        images,
        ...(request.jsonSchema ? { jsonSchema: request.jsonSchema.schema } : {}),
        ...(request.requiredTextCall && backend.grammar
          ? { grammar: toolCallGrammar(request.requiredTextCall) }
          : {}),
      }),
      request,
    ),
    signal: request.signal,
    fetch: request.fetch,
  });

  // Backends do not all honour stop strings (or trim them): the filter guarantees none reaches the caller.
  const filter = new StopStringFilter(stop);
  const raw: { body?: unknown } = {};
  let rawReason: string | null = null;
  let usage: Usage | undefined;
  let received = 0;
  for await (const piece of pieces(backend, response, request, raw)) {
    received++;
    if (piece.reasoning) yield { type: 'reasoning-delta', text: piece.reasoning };
    if (piece.text) {
      const text = filter.push(piece.text);
      if (text) yield { type: 'text-delta', text };
    }
    if (piece.finishReason) rawReason = piece.finishReason;
    if (piece.usage) usage = piece.usage;
  }
  if (received === 0) {
    throw new GenerateTaskError('no_response', 'The backend ended the stream without sending anything.');
  }
  const rest = filter.end();
  if (rest) yield { type: 'text-delta', text: rest };
  // A clean end without a reason (older KoboldCpp) or a stop string we cut ourselves is a normal stop.
  const reason = rawReason === null ? 'stop' : normalizeFinishReason(rawReason);
  const finish: StreamEvent = { type: 'finish', reason, rawReason, usage };
  if (raw.body !== undefined) finish.raw = raw.body;
  yield finish;
}

/** Text-completion backends (KoboldCpp, llama.cpp / text-generation-webui, Ollama) with an instruct template. */
export const textCompletionAdapter: ProviderAdapter = {
  api: 'text-completion',
  nativeTools: false,
  send,
};
