import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import type { ChatMessage, Connection, ProviderRequest, ToolSpec } from '../types.js';
import { buildAnthropicBody, toAnthropicMessages } from './request.js';

const connection: Connection = {
  name: 'c',
  api: 'anthropic',
  baseUrl: 'http://127.0.0.1:1/v1',
  model: 'claude-x',
  functionCalling: { enabled: true, mode: 'native' },
};
const tools: ToolSpec[] = [
  {
    name: 'roll',
    description: 'Roll dice',
    parameters: { type: 'object', properties: { sides: { type: 'integer' } }, required: ['sides'] },
  },
];
const body = (extra: Partial<ProviderRequest>) =>
  buildAnthropicBody({ connection, messages: [{ role: 'user', content: 'go' }], stream: false, ...extra });

const toolHistory: ChatMessage[] = [
  { role: 'system', content: 'You are a game master.' },
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Roll for me' },
  {
    role: 'assistant',
    content: 'Rolling.',
    reasoning: [
      { text: 'They want dice.', signature: 'sig-abc' },
      { text: '', redactedData: 'REDACTED' },
      { text: 'unsigned thoughts from another provider' },
    ],
    toolCalls: [
      { id: 'toolu_1', name: 'roll', args: { sides: 20 } },
      { id: 'toolu_2', name: 'roll', args: { sides: 6 } },
    ],
  },
  { role: 'tool', toolCallId: 'toolu_1', name: 'roll', content: '17' },
  { role: 'tool', toolCallId: 'toolu_2', name: 'roll', content: 'dice lost', isError: true },
  { role: 'user', content: 'Nice' },
];

describe('toAnthropicMessages', () => {
  it('separates the system prompt, merges turns, orders thinking first and tool results into the user turn', () => {
    const { system, messages } = toAnthropicMessages(toolHistory, { toolsDefined: true });
    expect(system).toBe('You are a game master.\n\nBe brief.');
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Roll for me' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'They want dice.', signature: 'sig-abc' },
          { type: 'redacted_thinking', data: 'REDACTED' },
          { type: 'text', text: 'Rolling.' },
          { type: 'tool_use', id: 'toolu_1', name: 'roll', input: { sides: 20 } },
          { type: 'tool_use', id: 'toolu_2', name: 'roll', input: { sides: 6 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '17' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'dice lost', is_error: true },
          { type: 'text', text: 'Nice' },
        ],
      },
    ]);
  });

  it('merges consecutive user messages, turns a later system message into user text, skips empty text', () => {
    const { system, messages } = toAnthropicMessages(
      [
        { role: 'user', content: 'a' },
        { role: 'system', content: 'note' },
        { role: 'user', content: 'b' },
        { role: 'assistant', content: '' },
        { role: 'assistant', content: 'c' },
        { role: 'user', content: '  ' },
      ],
      { toolsDefined: false },
    );
    expect(system).toBeUndefined();
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'note' },
          { type: 'text', text: 'b' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'c' }] },
    ]);
  });

  it('leaves out empty tool_result content and trims a final assistant prefill', () => {
    const { messages } = toAnthropicMessages(
      [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: '', toolCalls: [{ id: 't1', name: 'f', args: {} }] },
        { role: 'tool', toolCallId: 't1', name: 'f', content: '' },
        { role: 'assistant', content: 'The answer is \n' },
      ],
      { toolsDefined: true },
    );
    expect(messages[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1' }] });
    expect(messages[3]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'The answer is' }] });
  });

  it('writes tool blocks as text when no tools are defined (the API refuses them otherwise)', () => {
    const { messages } = toAnthropicMessages(toolHistory, { toolsDefined: false });
    const all = JSON.stringify(messages);
    expect(all).not.toContain('tool_use');
    expect(all).not.toContain('tool_result');
    expect(messages[1].content).toContainEqual({
      type: 'text',
      text: '[called tool roll with {"sides":20}]',
    });
    expect(messages[2].content[1]).toEqual({ type: 'text', text: '[error from tool roll: dice lost]' });
  });
});

describe('buildAnthropicBody', () => {
  it('sends tools with input_schema and tool_choice auto / any / tool', () => {
    expect(body({ tools }).tools).toEqual([
      { name: 'roll', description: 'Roll dice', input_schema: tools[0].parameters },
    ]);
    expect(body({ tools }).tool_choice).toEqual({ type: 'auto' });
    expect(body({ tools, toolChoice: 'auto' }).tool_choice).toEqual({ type: 'auto' });
    expect(body({ tools, toolChoice: 'required' }).tool_choice).toEqual({ type: 'any' });
    expect(body({ tools, toolChoice: { name: 'roll' } }).tool_choice).toEqual({ type: 'tool', name: 'roll' });
    expect(body({ tools, parallelToolCalls: false }).tool_choice).toEqual({
      type: 'auto',
      disable_parallel_tool_use: true,
    });
  });

  it('none drops the tools, but keeps them with tool_choice none when the history holds tool blocks', () => {
    const dropped = body({ tools, toolChoice: 'none' });
    expect(dropped).not.toHaveProperty('tools');
    expect(dropped).not.toHaveProperty('tool_choice');
    const kept = body({ tools, toolChoice: 'none', messages: toolHistory });
    expect(kept.tools).toHaveLength(1);
    expect(kept.tool_choice).toEqual({ type: 'none' });
    expect(JSON.stringify(kept.messages)).toContain('tool_use');
  });

  it('always sets max_tokens and maps the generation parameters', () => {
    expect(body({}).max_tokens).toBe(4096);
    const b = body({ params: { maxTokens: 100, temperature: 1, topP: 0.9, topK: 40, stop: [] } });
    expect(b).toMatchObject({ max_tokens: 100, temperature: 1, top_p: 0.9, top_k: 40 });
    expect(b).not.toHaveProperty('stop_sequences');
  });

  it('refuses a history with nothing but system messages', () => {
    try {
      body({ messages: [{ role: 'system', content: 'x' }] });
      expect.unreachable();
    } catch (error) {
      expect(isGenerateTaskError(error) && error.code).toBe('invalid_input');
    }
  });
});
