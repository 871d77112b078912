import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import type { ChatMessage } from '../types.js';
import { buildInstructPrompt, getInstructTemplate } from './templates.js';

const conversation: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: 'Hello!' },
  { role: 'user', content: 'Weather?' },
];

describe('instruct templates', () => {
  it('ChatML', () => {
    expect(buildInstructPrompt(conversation, 'chatml')).toBe(
      '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n' +
        '<|im_start|>assistant\nHello!<|im_end|>\n<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n',
    );
  });

  it('Llama 3', () => {
    expect(buildInstructPrompt(conversation, 'llama3')).toBe(
      '<|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|>' +
        '<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>' +
        '<|start_header_id|>assistant<|end_header_id|>\n\nHello!<|eot_id|>' +
        '<|start_header_id|>user<|end_header_id|>\n\nWeather?<|eot_id|>' +
        '<|start_header_id|>assistant<|end_header_id|>\n\n',
    );
  });

  it('Mistral: system merged into the first instruction', () => {
    expect(buildInstructPrompt(conversation, 'mistral')).toBe(
      '[INST] Be brief.\n\nHi[/INST] Hello!</s>[INST] Weather?[/INST] ',
    );
  });

  it('Alpaca: system as preamble', () => {
    expect(buildInstructPrompt(conversation, 'alpaca')).toBe(
      'Be brief.\n\n### Instruction:\nHi\n\n### Response:\nHello!\n\n### Instruction:\nWeather?\n\n### Response:\n',
    );
  });

  it('leaves a final assistant turn open so the model continues it', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Count' },
      { role: 'assistant', content: 'One, two' },
    ];
    expect(buildInstructPrompt(messages, 'chatml')).toBe(
      '<|im_start|>user\nCount<|im_end|>\n<|im_start|>assistant\nOne, two',
    );
    expect(buildInstructPrompt(messages, 'mistral')).toBe('[INST] Count[/INST] One, two');
  });

  it('renders leftover tool traffic as text (results as user turns, calls as <tool_call>)', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'weather', args: { city: 'Oslo' } }] },
      { role: 'tool', toolCallId: 'c1', name: 'weather', content: '{"t":3}' },
    ];
    expect(buildInstructPrompt(messages, 'chatml')).toBe(
      '<|im_start|>user\nWeather?<|im_end|>\n' +
        '<|im_start|>assistant\n<tool_call>{"name":"weather","arguments":{"city":"Oslo"}}</tool_call><|im_end|>\n' +
        '<|im_start|>user\n<tool_result name="weather">{"t":3}</tool_result><|im_end|>\n<|im_start|>assistant\n',
    );
  });

  it('looks names up loosely, defaults to ChatML, and rejects unknown names as invalid_input', () => {
    expect(getInstructTemplate('Llama-3').name).toBe('llama3');
    expect(getInstructTemplate(undefined).name).toBe('chatml');
    try {
      getInstructTemplate('stablelm-zephyr');
      throw new Error('expected a failure');
    } catch (error) {
      expect(isGenerateTaskError(error) && error.code).toBe('invalid_input');
    }
  });
});
