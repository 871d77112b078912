import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import { openaiAnswer, openaiConnection } from '../generate/__fixtures__/answers.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { ToolRegistry } from '../tools/registry.js';
import type { ToolLoopOptions } from './types.js';

const ask = [{ role: 'user' as const, content: 'Roll.' }];

let emulator: Emulator;
let requests = 0;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  requests = 0;
  emulator.on('/v1/chat/completions', (req) => {
    requests++;
    return openaiAnswer(req, { text: 'Done.' });
  });
});

async function failure(options: Partial<ToolLoopOptions>): Promise<unknown> {
  const rt = createRuntime({
    connections: [openaiConnection(emulator.url)],
    registry: new ToolRegistry({ logger: { warn() {} } }),
  });
  return rt.runToolLoop({ taskMessages: ask, ...options } as ToolLoopOptions).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('runToolLoop options', () => {
  it('refuses maxRounds "many" with invalid_input naming the field, before any request', async () => {
    const error = await failure({ maxRounds: 'many' as unknown as number });
    expect(isGenerateTaskError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: '`maxRounds` must be a whole number of 0 or more (got "many").',
      details: { field: 'maxRounds' },
    });
    expect(requests).toBe(0);
  });

  it.each([
    ['maxRounds', -1, /whole number of 0 or more \(got -1\)/],
    ['maxRounds', 2.5, /whole number/],
    ['repeatLimit', 0, /whole number of 1 or more/],
    ['concurrency', Number.NaN, /whole number of 1 or more \(got NaN\)/],
    ['wallClockBudgetMs', '5s', /milliseconds/],
    ['toolTimeoutMs', Number.POSITIVE_INFINITY, /milliseconds/],
    ['parallel', 'yes', /true or false/],
    ['stream', 1, /true or false/],
    ['onEvent', 'log', /must be a function/],
    ['approveToolCall', {}, /must be a function \(got an object\)/],
    ['scope', '', /registry scope/],
  ])('refuses %s = %o', async (field, value, message) => {
    const error = await failure({ [field]: value });
    expect(error).toMatchObject({ code: 'invalid_input', details: { field } });
    expect((error as Error).message).toMatch(new RegExp(`^\`${field}\``));
    expect((error as Error).message).toMatch(message);
    expect(requests).toBe(0);
  });

  it('accepts the documented values and runs', async () => {
    expect(
      await failure({ maxRounds: 0, repeatLimit: 1, parallel: false, wallClockBudgetMs: 10_000 }),
    ).toBeNull();
    expect(requests).toBe(1);
  });
});
