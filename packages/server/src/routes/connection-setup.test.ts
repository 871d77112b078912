// issue 11 item 13 through the real server: presets, "Fetch models" for stored connections and drafts, the
// missing /v1 found by the Test button, and the Test button's tiny forced tool call with its recommendation.
import {
  type Emulator,
  openaiCompletion,
  openaiToolCall,
  type RecordedRequest,
  toolRefusals,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const TRIGGER = /<Function_[A-Za-z0-9]{4}_Start\/>/;
const answer = (...args: Parameters<typeof openaiCompletion>) => ({ json: openaiCompletion(...args) });
const systemOf = (r: RecordedRequest) =>
  String(
    (r.body as { messages: Array<{ role: string; content: string }> }).messages.find(
      (m) => m.role === 'system',
    )?.content ?? '',
  );

describe('connection setup', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  let count = 0;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const create = async (extra: Record<string, unknown>) =>
    (
      await server.request('POST', '/api/connections', {
        name: `c${++count}`,
        api: 'openai',
        baseUrl: `${emulator.url}/v1`,
        model: 'emu-model',
        ...extra,
      })
    ).body as { id: string };

  it('lists the presets newcomers arrive with', async () => {
    const res = await server.request('GET', '/api/connections/presets');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.presets.map((p: { id: string }) => [p.id, p]));
    expect(Object.keys(byId)).toEqual([
      'ollama',
      'lm-studio',
      'koboldcpp',
      'llama-cpp',
      'vllm',
      'openrouter',
      'deepseek',
      'mistral',
      'groq',
    ]);
    expect(byId.ollama).toMatchObject({
      api: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      functionCalling: { enabled: true, mode: 'auto' },
      apiKey: 'none',
    });
    expect(byId.koboldcpp).toMatchObject({ api: 'text-completion', textBackend: 'koboldcpp' });
    expect(byId.groq).toMatchObject({ baseUrl: 'https://api.groq.com/openai/v1', apiKey: 'required' });
    for (const preset of res.body.presets) {
      // every preset can be saved as it is (the key aside)
      const saved = await server.request('POST', '/api/connections', {
        name: `preset-${preset.id}`,
        api: preset.api,
        baseUrl: preset.baseUrl,
        model: preset.model,
        functionCalling: preset.functionCalling,
        ...(preset.textBackend ? { textBackend: preset.textBackend } : {}),
      });
      expect(saved.status).toBe(201);
    }
  });

  describe('Fetch models', () => {
    it('a stored OpenAI-compatible connection: GET /v1/models with its key, sorted', async () => {
      emulator.enqueue('/v1/models', {
        json: { object: 'list', data: [{ id: 'qwen3:8b' }, { id: 'gemma2:2b' }, { id: 'qwen3:8b' }] },
      });
      const c = await create({ apiKey: 'sk-local' });
      const res = await server.request('GET', `/api/connections/${c.id}/models`);
      expect(res.body).toEqual({ ok: true, models: ['gemma2:2b', 'qwen3:8b'] });
      expect(emulator.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
      expect(emulator.requests[0].headers.authorization).toBe('Bearer sk-local');
    });

    it('a draft: the typed key; the stored key only for the address it was entered for', async () => {
      emulator.on('/v1/models', () => ({ json: { data: [{ id: 'm1' }] } }));
      const c = await create({ apiKey: 'sk-stored' });
      const draft = (body: Record<string, unknown>) =>
        server.request('POST', '/api/connections/models', body);
      expect(
        (await draft({ api: 'openai', baseUrl: `${emulator.url}/v1`, apiKey: 'sk-typed' })).body,
      ).toEqual({
        ok: true,
        models: ['m1'],
      });
      await draft({ api: 'openai', baseUrl: `${emulator.url}/v1`, id: c.id });
      // the same server under another name (localhost) is another origin: the stored key stays home
      await draft({
        api: 'openai',
        baseUrl: `${emulator.url.replace('127.0.0.1', 'localhost')}/v1`,
        id: c.id,
      });
      expect(emulator.requests.map((r) => r.headers.authorization)).toEqual([
        'Bearer sk-typed',
        'Bearer sk-stored',
        undefined,
      ]);
      const bad = await draft({ api: 'smoke-signals', baseUrl: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('api');
    });

    it('KoboldCpp, Ollama (native API), Anthropic and Gemini list their own way', async () => {
      emulator.enqueue('/api/v1/model', { json: { result: 'koboldcpp/Mistral-Nemo-12B' } });
      emulator.enqueue('/api/tags', { json: { models: [{ name: 'llama3.2:3b' }, { name: 'gemma2:2b' }] } });
      emulator.enqueue('/v1/models', { json: { data: [{ id: 'claude-sonnet-4-5' }], has_more: false } });
      emulator.enqueue('/v1beta/models', {
        json: {
          models: [
            {
              name: 'models/gemini-2.5-flash',
              supportedGenerationMethods: ['generateContent', 'countTokens'],
            },
            { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
          ],
        },
      });
      const list = (body: Record<string, unknown>) => server.request('POST', '/api/connections/models', body);
      expect(
        (await list({ api: 'text-completion', textBackend: 'koboldcpp', baseUrl: emulator.url })).body.models,
      ).toEqual(['koboldcpp/Mistral-Nemo-12B']);
      expect(
        (await list({ api: 'text-completion', textBackend: 'ollama', baseUrl: `${emulator.url}/api` })).body
          .models,
      ).toEqual(['gemma2:2b', 'llama3.2:3b']);
      expect(
        (await list({ api: 'anthropic', baseUrl: `${emulator.url}/v1`, apiKey: 'sk-ant' })).body.models,
      ).toEqual(['claude-sonnet-4-5']);
      expect(
        (await list({ api: 'google', baseUrl: `${emulator.url}/v1beta`, apiKey: 'g-key' })).body.models,
      ).toEqual(['gemini-2.5-flash']);
      expect(emulator.requests[2].headers['x-api-key']).toBe('sk-ant');
      expect(emulator.requests[2].headers['anthropic-version']).toBe('2023-06-01');
      expect(emulator.requests[3].headers['x-goog-api-key']).toBe('g-key');
    });

    it('reports failures with the core codes', async () => {
      emulator.enqueue('/v1/models', { status: 401, json: { error: { message: 'Invalid API key' } } });
      const c = await create({});
      expect((await server.request('GET', `/api/connections/${c.id}/models`)).body).toMatchObject({
        ok: false,
        code: 'auth_missing',
        message: 'Invalid API key',
      });
      const local = await server.request('POST', '/api/connections/models', { api: 'text-completion' });
      expect(local.body).toMatchObject({ ok: false, code: 'invalid_input' });
    });
  });

  describe('the Test button', () => {
    it('finds the missing /v1: 404 on /chat/completions, but the server answers under /v1', async () => {
      emulator.enqueue('/v1/models', { json: { object: 'list', data: [{ id: 'emu-model' }] } });
      const c = await create({ baseUrl: emulator.url });
      const res = await server.request('POST', `/api/connections/${c.id}/test`);
      expect(res.body).toMatchObject({
        ok: false,
        code: 'unknown',
        suggestion: { baseUrl: `${emulator.url}/v1`, reason: expect.stringContaining('/v1') },
      });
      expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /chat/completions',
        'GET /v1/models',
      ]);
    });

    it('explains a base URL written as the whole endpoint', async () => {
      const c = await create({ baseUrl: `${emulator.url}/v1/chat/completions` });
      const res = await server.request('POST', `/api/connections/${c.id}/test`);
      expect(res.body.suggestion).toEqual({
        baseUrl: `${emulator.url}/v1`,
        reason: 'The base URL ends with the endpoint (/chat/completions); Toolsmith adds that itself.',
      });
    });

    it('native tool calling works: a tiny forced call, native recommended and remembered', async () => {
      emulator.enqueue(
        '/v1/chat/completions',
        answer({ content: 'OK' }),
        answer(
          { tool_calls: [openaiToolCall('call_t', 'report_status', { status: 'ok' })] },
          { finishReason: 'tool_calls' },
        ),
      );
      const c = await create({});
      const res = await server.request('POST', `/api/connections/${c.id}/test`);
      expect(res.body).toMatchObject({
        ok: true,
        text: 'OK',
        toolCalling: {
          native: { ok: true },
          recommended: 'native',
          message: 'Native tool calling works: use Native (or Auto).',
        },
      });
      expect(res.body.toolCalling.text).toBeUndefined();
      expect(emulator.requests[1].body).toEqual({
        model: 'emu-model',
        messages: [
          {
            role: 'user',
            content:
              'This is a connection test. Call the tool report_status with status "ok". Do not write anything else.',
          },
        ],
        tools: [
          {
            type: 'function',
            function: {
              name: 'report_status',
              description: 'Report the status of this connection test.',
              parameters: {
                type: 'object',
                properties: { status: { type: 'string', enum: ['ok'] } },
                required: ['status'],
                additionalProperties: false,
              },
            },
          },
        ],
        tool_choice: 'required',
        max_tokens: 200,
      });
      const modes = (await server.request('GET', `/api/connections/${c.id}/tool-modes`)).body.outcomes;
      expect(modes.map((o: { model: string; mode: string }) => [o.model, o.mode])).toEqual([
        ['emu-model', 'native'],
      ]);
    });

    it('llama.cpp without --jinja: native refused, the text protocol works, text recommended and remembered', async () => {
      emulator.enqueue(
        '/v1/chat/completions',
        answer({ content: 'OK' }),
        toolRefusals.llamaCppWithoutJinja(),
      );
      emulator.on('/v1/chat/completions', (req) => {
        const trigger = TRIGGER.exec(systemOf(req))?.[0] ?? 'none';
        return answer({
          content: `${trigger}\n<function_calls><function_call><tool>report_status</tool><args_json><![CDATA[{"status":"ok"}]]></args_json></function_call></function_calls>`,
        });
      });
      const c = await create({});
      const res = await server.request('POST', `/api/connections/${c.id}/test`);
      expect(res.body.toolCalling).toMatchObject({
        native: {
          ok: false,
          status: 500,
          signal: 'llama_cpp_without_jinja',
          message: 'tools param requires --jinja flag',
        },
        text: { ok: true },
        recommended: 'prompt_xml',
      });
      expect((emulator.requests[2].body as { tools?: unknown }).tools).toBeUndefined();
      const modes = (await server.request('GET', `/api/connections/${c.id}/tool-modes`)).body.outcomes;
      expect(modes).toMatchObject([{ mode: 'text', status: 500 }]);
    });

    it('neither way produces a call: nothing recommended', async () => {
      emulator.enqueue('/v1/chat/completions', answer({ content: 'OK' }));
      emulator.on('/v1/chat/completions', () => answer({ content: 'I cannot do that.' }));
      const c = await create({});
      const res = await server.request('POST', `/api/connections/${c.id}/test`);
      expect(res.body.toolCalling).toMatchObject({
        native: { ok: false, message: 'The model answered without calling the tool: “I cannot do that.”' },
        text: { ok: false },
        recommended: null,
      });
    });

    it('text completion: no native attempt; function calling off: no probe at all', async () => {
      const kobold = await create({
        api: 'text-completion',
        textBackend: 'koboldcpp',
        baseUrl: emulator.url,
      });
      emulator.enqueue('/api/v1/generate', { json: { results: [{ text: 'OK' }] } });
      emulator.on('/api/v1/generate', (req) => {
        const prompt = String((req.body as { prompt: string }).prompt);
        const trigger = TRIGGER.exec(prompt)?.[0] ?? 'none';
        return {
          json: {
            results: [
              {
                text: `${trigger}\n<function_calls><function_call><tool>report_status</tool><args_json><![CDATA[{"status":"ok"}]]></args_json></function_call></function_calls>`,
              },
            ],
          },
        };
      });
      const res = await server.request('POST', `/api/connections/${kobold.id}/test`);
      expect(res.body.toolCalling).toMatchObject({ text: { ok: true }, recommended: 'prompt_xml' });
      expect(res.body.toolCalling.native).toBeUndefined();
      expect(emulator.requests).toHaveLength(2);

      emulator.reset();
      emulator.enqueue('/v1/chat/completions', answer({ content: 'OK' }));
      const off = await create({ functionCalling: { enabled: false, mode: 'auto' } });
      expect((await server.request('POST', `/api/connections/${off.id}/test`)).body).toEqual({
        ok: true,
        text: 'OK',
      });
      expect(emulator.requests).toHaveLength(1);
    });
  });
});
