// The Test button's tool-calling probe with a reasoning model (DeepSeek-R1, QwQ, Qwen3 thinking, gpt-oss): a
// model that spends the probe's 200 tokens reasoning has not shown that tool calling fails, so it is asked
// once more with room to finish; one that reasons through that too leaves the question open, and neither the
// text protocol nor auto's memory is taught anything from it.
import { openaiCompletion, openaiToolCall } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { emulatedServerPerFile } from '../test-support/emulated-server.js';

const answer = (...args: Parameters<typeof openaiCompletion>) => ({ json: openaiCompletion(...args) });
/** A reply that ran out of tokens while reasoning (a server that separates reasoning, as vLLM and DeepSeek do). */
const stillReasoning = (text: string) =>
  answer({ content: null, reasoning_content: text }, { finishReason: 'length' });
const toolCall = answer(
  { tool_calls: [openaiToolCall('call_t', 'report_status', { status: 'ok' })] },
  { finishReason: 'tool_calls' },
);
/** The attempt's message after both tries ran out while the model reasoned. */
const STILL_REASONING =
  'The model was still reasoning when its 1024 tokens ran out (asked twice: with 200, then 1024), so it never got to the call.';
const maxTokensOf = (body: unknown) => (body as { max_tokens?: number }).max_tokens;

const setup = emulatedServerPerFile({ connection: false });
const server = () => setup().server;
const emulator = () => setup().emulator;

describe('connection test: the tool-calling probe with a reasoning model', () => {
  let count = 0;

  const create = async (extra: Record<string, unknown> = {}) =>
    (
      await server().request('POST', '/api/connections', {
        name: `reasoner-${++count}`,
        api: 'openai',
        baseUrl: `${emulator().url}/v1`,
        model: 'DeepSeek-R1-Distill-Qwen-14B',
        ...extra,
      })
    ).body as { id: string };
  /** QwQ on KoboldCpp, its template opening <think> for the reply */
  const koboldQwq = () =>
    create({
      api: 'text-completion',
      textBackend: 'koboldcpp',
      baseUrl: emulator().url,
      model: 'QwQ-32B',
      instructTemplate: 'chatml-think',
    });
  const modesOf = async (id: string) =>
    (await server().request('GET', `/api/connections/${id}/tool-modes`)).body.outcomes as { mode: string }[];

  it('reasoned through the 200 tokens: asked again with room to finish, then native works and is remembered', async () => {
    emulator().enqueue(
      '/v1/chat/completions',
      stillReasoning('Okay, the user wants'),
      stillReasoning('Okay, so this is a connection test. I need to call report_status'),
      toolCall,
    );
    const c = await create();
    const res = await server().request('POST', `/api/connections/${c.id}/test`);
    expect(res.body).toMatchObject({
      ok: true,
      reasoned: true,
      toolCalling: {
        native: {
          ok: true,
          message:
            'The model called report_status({"status":"ok"}) when asked again with 1024 tokens (it spent the first 200 reasoning).',
        },
        recommended: 'native',
      },
    });
    expect(res.body.toolCalling.text).toBeUndefined();
    expect(emulator().requests.map((r) => maxTokensOf(r.body))).toEqual([16, 200, 1024]);
    expect((emulator().requests[2].body as { tool_choice?: string }).tool_choice).toBe('required');
    expect((await modesOf(c.id)).map((o) => o.mode)).toEqual(['native']);
  });

  it('still reasoning with room to finish: undecided, no text-protocol attempt, nothing remembered', async () => {
    emulator().enqueue('/v1/chat/completions', answer({ content: 'OK' }));
    emulator().on('/v1/chat/completions', () =>
      stillReasoning('Hmm, let me think about what the tool does.'),
    );
    const c = await create();
    const res = await server().request('POST', `/api/connections/${c.id}/test`);
    expect(res.body.toolCalling).toEqual({
      native: {
        ok: false,
        undecided: true,
        message: STILL_REASONING,
      },
      recommended: null,
      message:
        'The test could not tell whether tool calling works: the model spent the whole test reasoning. Keep Auto (it tries native tool calling in a chat and moves to the text protocol by itself if the server refuses tools), or lower the reasoning effort and test again.',
    });
    expect(emulator().requests.map((r) => maxTokensOf(r.body))).toEqual([16, 200, 1024]);
    expect(await modesOf(c.id)).toEqual([]);
  });

  it('a template that opens <think> (reasoning in the content): the same second try', async () => {
    emulator().enqueue(
      '/v1/chat/completions',
      answer({ content: 'OK' }),
      answer({ content: 'Okay, the user wants me to call report_status' }, { finishReason: 'length' }),
      answer({
        content:
          'Okay, the user wants me to call report_status with "ok".\n</think>\n\n<tool_call>\n{"name": "report_status", "arguments": {"status": "ok"}}\n</tool_call>',
      }),
    );
    const c = await create({ model: 'QwQ-32B', replyStartsInReasoning: true });
    const res = await server().request('POST', `/api/connections/${c.id}/test`);
    expect(res.body.toolCalling).toMatchObject({ native: { ok: true }, recommended: 'native' });
    expect(emulator().requests.map((r) => maxTokensOf(r.body))).toEqual([16, 200, 1024]);
  });

  it('reasoning shown as text (the template opened <think>, the connection does not say so): cut off, asked again', async () => {
    emulator().enqueue(
      '/v1/chat/completions',
      answer({ content: 'Okay, the user' }, { finishReason: 'length' }),
      answer(
        { content: 'Okay, the user wants me to call report_status. Let me think about' },
        { finishReason: 'length' },
      ),
      answer({
        content:
          'Okay, the user wants me to call report_status with "ok".\n</think>\n\n<tool_call>\n{"name": "report_status", "arguments": {"status": "ok"}}\n</tool_call>',
      }),
    );
    const c = await create({ model: 'qwq:32b' });
    const res = await server().request('POST', `/api/connections/${c.id}/test`);
    expect(res.body.toolCalling).toMatchObject({ native: { ok: true }, recommended: 'native' });
    expect(emulator().requests.map((r) => maxTokensOf(r.body))).toEqual([16, 200, 1024]);
    expect((await modesOf(c.id)).map((o) => o.mode)).toEqual(['native']);
  });

  it('still writing when the second try runs out: undecided, in those words', async () => {
    emulator().enqueue('/v1/chat/completions', answer({ content: 'OK' }));
    emulator().on('/v1/chat/completions', () =>
      answer({ content: 'Okay, so I need to figure out what this tool' }, { finishReason: 'length' }),
    );
    const c = await create({ model: 'qwq:32b' });
    const res = await server().request('POST', `/api/connections/${c.id}/test`);
    expect(res.body.toolCalling).toMatchObject({
      native: {
        ok: false,
        undecided: true,
        message:
          'The model was still writing when its 1024 tokens ran out (asked twice: with 200, then 1024), so it never got to the call: “Okay, so I need to figure out what this tool”',
      },
      recommended: null,
    });
    expect(res.body.toolCalling.text).toBeUndefined();
  });

  it('text completion (KoboldCpp): the text-protocol attempt gets the second try too', async () => {
    const kobold = await koboldQwq();
    emulator().enqueue('/api/v1/generate', { json: { results: [{ text: 'OK' }] } });
    emulator().on('/api/v1/generate', (req) => {
      const body = req.body as { prompt: string; max_length: number };
      if (body.max_length <= 200)
        return { json: { results: [{ text: 'Okay, the user wants', finish_reason: 'length' }] } };
      const trigger = /<Function_[A-Za-z0-9]{4}_Start\/>/.exec(body.prompt)?.[0] ?? 'none';
      return {
        json: {
          results: [
            {
              text: `Okay, I call it.\n</think>\n\n${trigger}\n<function_calls><function_call><tool>report_status</tool><args_json><![CDATA[{"status":"ok"}]]></args_json></function_call></function_calls>`,
            },
          ],
        },
      };
    });
    const res = await server().request('POST', `/api/connections/${kobold.id}/test`);
    expect(res.body.toolCalling).toMatchObject({ text: { ok: true }, recommended: 'prompt_xml' });
    expect(res.body.toolCalling.native).toBeUndefined();
    expect(emulator().requests.map((r) => (r.body as { max_length: number }).max_length)).toEqual([
      16, 200, 1024,
    ]);
  });

  it('text completion still reasoning after the second try: undecided, in words for a text-only backend', async () => {
    const kobold = await koboldQwq();
    emulator().enqueue('/api/v1/generate', { json: { results: [{ text: 'OK' }] } });
    emulator().on('/api/v1/generate', () => ({
      json: { results: [{ text: 'Okay, let me think about this carefully', finish_reason: 'length' }] },
    }));
    const res = await server().request('POST', `/api/connections/${kobold.id}/test`);
    expect(res.body.toolCalling).toEqual({
      text: {
        ok: false,
        undecided: true,
        message: STILL_REASONING,
      },
      recommended: null,
      message:
        'The test could not tell whether tool calling works: the model spent the whole test reasoning. Try it in a chat (the text protocol is what Auto uses here), or lower the reasoning effort and test again.',
    });
    expect(await modesOf(kobold.id)).toEqual([]);
  });
});
