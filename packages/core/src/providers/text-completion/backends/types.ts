import type { JsonSchema } from '../../../tools/types.js';
import type { GenerationParams, Usage } from '../../types.js';

export interface TextBackendInput {
  model: string;
  prompt: string;
  /** template stops plus the preset's */
  stop: string[];
  params: GenerationParams;
  stream: boolean;
  /** base64 images of the conversation, in order (only for backends with `images: true`) */
  images: string[];
  /** structured output: backends that constrain decoding to a JSON Schema use it */
  jsonSchema?: JsonSchema;
  /** a GBNF grammar the answer must follow (backends with `grammar: true`) */
  grammar?: string;
}

/** One piece of a backend's answer, streamed or whole. */
export interface TextPiece {
  text?: string;
  reasoning?: string;
  /** the backend's raw finish reason, when this piece carries one */
  finishReason?: string | null;
  usage?: Usage;
}

export interface TextBackend {
  name: 'koboldcpp' | 'openai-completions' | 'ollama' | 'llamacpp';
  /** whether the API carries images (base64, next to the prompt) */
  images: boolean;
  /** whether the API decodes under a GBNF grammar (`grammar`) */
  grammar: boolean;
  url(baseUrl: string, stream: boolean): string;
  body(input: TextBackendInput): Record<string, unknown>;
  /** Reads a streaming answer; a stream that ends before the backend said it finished throws `network`. */
  stream(response: Response, signal?: AbortSignal): AsyncGenerator<TextPiece>;
  /** Reads a whole (non-streaming) answer. */
  parse(body: unknown): TextPiece;
}

/** Strips a trailing API path the user may have pasted into the base URL (`/v1`, `/api`, `/api/v1`). */
export function serverRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/(api\/v1|api|v1)$/, '');
}
