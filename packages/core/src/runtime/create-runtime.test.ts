import { describe, expect, it } from 'vitest';
import { GenerateTaskError } from '../base/errors.js';
import type { ProviderAdapter, ProviderRequest, StreamEvent } from '../providers/types.js';
import { createRuntime } from './create-runtime.js';

/** An in-process adapter: records requests and answers with fixed events (the HTTP paths are tested elsewhere). */
function fakeAdapter(answer: StreamEvent[]): ProviderAdapter & { requests: ProviderRequest[] } {
  const requests: ProviderRequest[] = [];
  return {
    api: 'openai',
    nativeTools: true,
    requests,
    async *send(request) {
      requests.push(request);
      yield* answer;
    },
  };
}

const connection = {
  name: 'main',
  api: 'openai' as const,
  baseUrl: 'http://127.0.0.1:1/v1',
  model: 'm',
  apiKey: 'secret',
  functionCalling: { enabled: true, mode: 'auto' as const },
};

describe('createRuntime', () => {
  it('reads connections, presets and persona from (async) sources on each call', async () => {
    const adapter = fakeAdapter([
      { type: 'text-delta', text: 'hi' },
      { type: 'finish', reason: 'stop', rawReason: 'stop' },
    ]);
    let model = 'first';
    const rt = createRuntime({
      connections: async () => [{ ...connection, model }],
      presets: () => [{ name: 'p', temperature: 0.3 }],
      persona: async () => ({ name: 'Zoe' }),
      adapters: { openai: adapter },
    });
    await rt.generateTask({ taskMessages: [{ role: 'user', content: 'I am {{user}}' }] });
    model = 'second';
    await rt.generateTask({ taskMessages: [{ role: 'user', content: 'x' }] });
    expect(adapter.requests.map((r) => r.connection.model)).toEqual(['first', 'second']);
    expect(adapter.requests[0].params).toEqual({ temperature: 0.3 });
    expect(adapter.requests[0].messages).toEqual([{ role: 'user', content: 'I am Zoe' }]);
    expect(adapter.requests[0].stream).toBe(false);
  });

  it('registers and unregisters function tools on its registry', async () => {
    const rt = createRuntime({ connections: [connection], adapters: {} });
    rt.registerFunctionTool({ name: 'ping', description: 'Ping', action: () => 'pong' });
    expect((await rt.registry.toolSpecsForModel()).map((t) => t.name)).toEqual(['ping']);
    expect(rt.unregisterFunctionTool('ping')).toBe(true);
    expect(await rt.registry.toolSpecsForModel()).toEqual([]);
  });

  it('hands out GenerateTaskError and answers unsupported_api when no adapter serves the family', async () => {
    const rt = createRuntime({ connections: [connection], adapters: {} });
    expect(rt.GenerateTaskError).toBe(GenerateTaskError);
    await expect(rt.generateTask({ taskMessages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'unsupported_api',
    });
    await expect(
      createRuntime({ connections: [] }).generateTask({ taskMessages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('treats a stream that ends without finish as a network failure', async () => {
    const rt = createRuntime({
      connections: [connection],
      adapters: { openai: fakeAdapter([{ type: 'text-delta', text: 'partial' }]) },
    });
    await expect(rt.generateTask({ taskMessages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'network',
    });
  });

  it('maps an error event to its code', async () => {
    const rt = createRuntime({
      connections: [connection],
      adapters: { openai: fakeAdapter([{ type: 'error', code: 'rate_limit', message: 'slow down' }]) },
    });
    await expect(rt.generateTask({ taskMessages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'rate_limit',
      message: 'slow down',
    });
  });
});
