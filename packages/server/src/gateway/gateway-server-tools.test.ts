// The gateway's server-side tools (toolsmith.serverTools / execute) and a client leaving mid-stream,
// driven by the official `openai` client.

import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Emulator, openaiChunk, openaiStream, openaiToolCall } from '@toolsmith/emulator';
import type OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../test-support/test-server.js';
import { answer, ask, bodyOf, connection, setupGateway, weatherTool } from './__fixtures__/gateway-setup.js';

// The gateway's own extension field: the openai client forwards it in the request body as given.
type WithToolsmith<T> = T & { toolsmith: { serverTools?: boolean; execute?: boolean } };

let emulator: Emulator;
let server: TestServer;
let client: OpenAI;

beforeAll(async () => {
  ({ emulator, server, client } = await setupGateway());
});
afterAll(async () => {
  await server.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

describe('server tools', () => {
  it('execute: runs the server tool loop and returns the final answer with a trace', async () => {
    emulator.on('/v1/chat/completions', (r) => {
      const hasResult = bodyOf(r).messages.some((m) => m.role === 'tool');
      if (hasResult) return answer({ content: 'We are open 9 to 5.' });
      return answer({ tool_calls: [openaiToolCall('call_h', 'store_hours', { day: 'mon' })] });
    });
    const body: WithToolsmith<OpenAI.ChatCompletionCreateParamsNonStreaming> = {
      model: 'emu',
      messages: [{ role: 'user', content: 'When are you open?' }],
      toolsmith: { serverTools: true, execute: true },
    };
    const completion = await client.chat.completions.create(body);
    expect(completion.choices[0].message.content).toBe('We are open 9 to 5.');
    expect(completion.choices[0].message.tool_calls).toBeUndefined();
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect((completion as any).toolsmith).toMatchObject({
      stoppedBecause: 'completed',
      trace: [{ name: 'store_hours', args: { day: 'mon' }, ok: true, result: 'Open 9-5' }],
    });
    const offered = bodyOf(emulator.requests[0]).tools!.map((t: any) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['store_hours', 'roll_dice', 'get_current_time']));
    expect(offered).not.toContain('script_tool');
    expect(bodyOf(emulator.requests[1]).messages.at(-1)).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_h',
      content: expect.stringContaining('Open 9-5'),
    });
  });

  it('execute while streaming: the text of the rounds streams, the final chunk carries the trace', async () => {
    emulator.on('/v1/chat/completions', (r) => {
      const hasResult = bodyOf(r).messages.some((m) => m.role === 'tool');
      if (hasResult) {
        return openaiStream([
          openaiChunk({ content: 'Open ' }),
          openaiChunk({ content: '9 to 5.' }),
          openaiChunk({}, { finishReason: 'stop' }),
        ]);
      }
      return openaiStream([
        openaiChunk({
          tool_calls: [
            { index: 0, id: 'call_s', type: 'function', function: { name: 'store_hours', arguments: '{}' } },
          ],
        }),
        openaiChunk({}, { finishReason: 'tool_calls' }),
      ]);
    });
    const body: WithToolsmith<OpenAI.ChatCompletionCreateParamsStreaming> = {
      model: 'emu',
      messages: [{ role: 'user', content: 'When are you open?' }],
      stream: true,
      toolsmith: { execute: true },
    };
    const stream = await client.chat.completions.create(body);
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Open 9 to 5.');
    expect(chunks.some((c) => c.choices[0]?.delta.tool_calls)).toBe(false);
    const last = chunks.at(-1) as any;
    expect(last.choices[0].finish_reason).toBe('stop');
    expect(last.toolsmith.trace).toMatchObject([{ name: 'store_hours', ok: true, result: 'Open 9-5' }]);
  });

  it('serverTools without execute: the server tools are offered and their calls come back to the client', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      answer({ tool_calls: [openaiToolCall('call_x', 'store_hours', {})] }),
    );
    const body: WithToolsmith<OpenAI.ChatCompletionCreateParamsNonStreaming> = {
      model: 'emu',
      messages: ask,
      tools: [weatherTool],
      toolsmith: { serverTools: true },
    };
    const completion = await client.chat.completions.create(body);
    const call = completion.choices[0].message.tool_calls?.[0];
    expect(call?.type).toBe('function');
    expect(call?.type === 'function' && call.function.name).toBe('store_hours');
    const offered = bodyOf(emulator.requests[0]).tools!.map((t: any) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['get_weather', 'store_hours']));
  });
});

describe('client disconnects', () => {
  it('a client that goes away mid-stream cancels the upstream request; the server keeps serving', async () => {
    // an upstream that streams until its client leaves
    let closed!: () => void;
    const upstreamClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const slow = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const frame = (text: string) =>
        res.write(`data: ${JSON.stringify(openaiChunk({ content: text }))}\n\n`);
      frame('Once ');
      const timer = setInterval(() => frame('more '), 5);
      res.on('close', () => {
        clearInterval(timer);
        closed();
      });
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const stored = await server.app.toolsmith.storage.connections.create(
      connection('slow', { baseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1` }),
    );
    try {
      const controller = new AbortController();
      const stream = await client.chat.completions.create(
        { model: 'slow', messages: ask, stream: true },
        { signal: controller.signal },
      );
      let text = '';
      // the client's stream simply ends once it aborts
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (text.includes('more')) controller.abort();
      }
      expect(text.startsWith('Once more')).toBe(true);
      await upstreamClosed;
      emulator.enqueue('/v1/chat/completions', answer({ content: 'still here' }));
      const after = await client.chat.completions.create({ model: 'emu', messages: ask });
      expect(after.choices[0].message.content).toBe('still here');
    } finally {
      await server.app.toolsmith.storage.connections.delete(stored.id);
      slow.closeAllConnections();
      slow.close();
    }
  });
});
