// The connection test's deadline (CONNECTION_TEST_TIMEOUT_MS), for a model that is slow to answer (loading,
// or running on the CPU): the text round and the tool-calling probe each get it. A text round past it fails
// saying what to do; a probe past it leaves the passed text round standing and tool calling undecided.
import { openaiCompletion } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { emulatedServerPerFile } from '../test-support/emulated-server.js';

const setup = emulatedServerPerFile({ connection: false, env: { CONNECTION_TEST_TIMEOUT_MS: '1000' } });
const server = () => setup().server;
const emulator = () => setup().emulator;

describe('connection test: the deadline', () => {
  let count = 0;

  const create = async () =>
    (
      await server().request('POST', '/api/connections', {
        name: `slow-${++count}`,
        api: 'openai',
        baseUrl: `${emulator().url}/v1`,
        model: 'qwen3:8b',
      })
    ).body as { id: string };

  it('no answer to the text round within it: the test fails as a timeout, saying what to do', async () => {
    emulator().on('/v1/chat/completions', () => ({ hang: true }));
    const c = await create();
    const res = await server().request('POST', `/api/connections/${c.id}/test`);
    expect(res.body).toEqual({
      ok: false,
      code: 'timeout',
      message:
        'No answer within 1 s. A model that is still loading, or runs on the CPU, can take longer: test again in a moment, or raise CONNECTION_TEST_TIMEOUT_MS.',
    });
  });

  it('the probe past it: the text round still passes, tool calling is undecided and nothing is remembered', async () => {
    emulator().enqueue('/v1/chat/completions', { json: openaiCompletion({ content: 'OK' }) });
    emulator().on('/v1/chat/completions', () => ({ hang: true }));
    const c = await create();
    const res = await server().request('POST', `/api/connections/${c.id}/test`);
    expect(res.body).toEqual({
      ok: true,
      text: 'OK',
      toolCalling: {
        recommended: null,
        message:
          'The tool-calling test did not finish within 1 s (the model is slow to answer it), so it could not tell whether tool calling works. Keep Auto: it finds out in a chat.',
      },
    });
    expect(emulator().requests).toHaveLength(2);
    expect((await server().request('GET', `/api/connections/${c.id}/tool-modes`)).body.outcomes).toEqual([]);
  });
});
