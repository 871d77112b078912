// KoboldCpp's wire format on the emulator, as the text-completion tests use it: a connection to it, its
// answer (streamed in small tokens and in one piece) and the prompt a request sent.
import {
  type Emulator,
  koboldGenerateResponse,
  koboldStream,
  type RecordedRequest,
} from '@toolsmith/emulator';
import type { Connection } from '../../providers/types.js';

/** A text-completion connection to the emulator's KoboldCpp with `model` and `instructTemplate`. */
export function koboldConnection(url: string, model: string, instructTemplate: string): Connection {
  return {
    name: 'kobold',
    api: 'text-completion',
    baseUrl: url,
    model,
    functionCalling: { enabled: true, mode: 'auto' },
    textBackend: 'koboldcpp',
    instructTemplate,
  };
}

/** KoboldCpp answers `answer(request)`, streamed in `token`-character pieces or in one piece. */
export function koboldAnswers(emulator: Emulator, answer: (req: RecordedRequest) => string, token = 5) {
  const pieces = new RegExp(`[\\s\\S]{1,${token}}`, 'g');
  emulator.on('/api/extra/generate/stream', (req) => koboldStream(answer(req).match(pieces) ?? []));
  emulator.on('/api/v1/generate', (req) => koboldGenerateResponse(answer(req)));
}

/** The prompt a text-completion request sent. */
export function promptOf(req: RecordedRequest): string {
  return String((req.body as { prompt: string }).prompt);
}
