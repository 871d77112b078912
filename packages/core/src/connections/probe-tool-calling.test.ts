// The probe's second try for a model that only reasoned, where its own deadline matters: a retry that runs
// past it leaves the question open; the caller's abort still ends the probe. (The server's Test button covers
// the token-budget paths: packages/server/src/routes/connection-probe-reasoning.test.ts.)
import { openaiCompletion } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import { openaiConnection } from '../generate/__fixtures__/answers.js';
import { emulatorPerFile } from '../generate/__fixtures__/emulator.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { probeToolCalling } from './probe-tool-calling.js';

const emulator = emulatorPerFile();

const stillReasoning = {
  json: openaiCompletion(
    { content: null, reasoning_content: 'Okay, the user wants' },
    { finishReason: 'length' },
  ),
};

describe('probeToolCalling: the second try of a model that only reasoned', () => {
  it('a second try past its own deadline: undecided, and no text-protocol attempt', async () => {
    emulator().enqueue('/v1/chat/completions', stillReasoning, { hang: true });
    const connection = openaiConnection(emulator().url, { model: 'QwQ-32B' });
    const probe = await probeToolCalling(createRuntime({ connections: [connection] }), {
      connection,
      reasoningRetry: { maxTokens: 1024, timeoutMs: 50 },
    });
    expect(probe).toMatchObject({
      native: {
        ok: false,
        undecided: true,
        message:
          'The model was still reasoning after 0.05 s (asked twice: with 200 tokens, then 1024), so it never got to the call.',
      },
      recommended: null,
    });
    expect(probe.text).toBeUndefined();
    expect(emulator().requests).toHaveLength(2);
  });

  it('the caller’s abort during the second try ends the probe as aborted', async () => {
    const controller = new AbortController();
    emulator().enqueue('/v1/chat/completions', stillReasoning);
    emulator().on('/v1/chat/completions', () => {
      controller.abort();
      return { hang: true };
    });
    const connection = openaiConnection(emulator().url, { model: 'QwQ-32B' });
    const outcome = await probeToolCalling(createRuntime({ connections: [connection] }), {
      connection,
      signal: controller.signal,
      reasoningRetry: { maxTokens: 1024, timeoutMs: 60_000 },
    }).catch((error: unknown) => error);
    expect(isGenerateTaskError(outcome) && outcome.code).toBe('aborted');
  });

  it('a model that reasoned, then answered in words without calling: asked twice, a plain failure', async () => {
    emulator().enqueue(
      '/v1/chat/completions',
      stillReasoning,
      { json: openaiCompletion({ content: 'I would rather not call tools.', reasoning_content: 'Hmm.' }) },
      { json: openaiCompletion({ content: 'No.' }) },
    );
    const connection = openaiConnection(emulator().url, { model: 'QwQ-32B' });
    const probe = await probeToolCalling(createRuntime({ connections: [connection] }), { connection });
    expect(probe).toMatchObject({
      native: {
        ok: false,
        message: 'The model answered without calling the tool: “I would rather not call tools.”',
      },
      text: { ok: false },
      recommended: null,
    });
    expect(probe.native?.undecided).toBeUndefined();
  });
});
