import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import { openReasoningTag } from '../../protocols/reasoning-tags.js';
import { parseCustomTemplate } from './custom-template.js';
import { getInstructTemplate, type InstructTurn } from './templates.js';

// SillyTavern instruct templates as its "Export" writes them (the keys it has; values are each model's format).
const TURNS: InstructTurn[] = [
  { role: 'system', content: 'S' },
  { role: 'user', content: 'U1' },
  { role: 'assistant', content: 'A1' },
  { role: 'user', content: 'U2' },
];
const CHATML_THINKING = {
  name: 'ChatML Thinking',
  input_sequence: '<|im_start|>user',
  input_suffix: '<|im_end|>\n',
  output_sequence: '<|im_start|>assistant',
  output_suffix: '<|im_end|>\n',
  last_output_sequence: '<|im_start|>assistant\n<think>',
  system_sequence: '<|im_start|>system',
  system_suffix: '<|im_end|>\n',
  stop_sequence: '<|im_end|>',
  wrap: true,
  macro: true,
  names_behavior: 'force',
  system_same_as_user: false,
  first_output_sequence: '',
  last_system_sequence: '',
  first_input_sequence: '',
  last_input_sequence: '',
  user_alignment_message: '',
  sequences_as_stop_strings: true,
  story_string_prefix: '<|im_start|>system',
  story_string_suffix: '<|im_end|>\n',
  activation_regex: '',
  skip_examples: false,
};
const ALPACA = {
  name: 'Alpaca',
  input_sequence: '### Instruction:',
  output_sequence: '### Response:',
  last_output_sequence: '',
  system_sequence: '',
  stop_sequence: '',
  wrap: true,
  output_suffix: '\n\n',
  input_suffix: '\n\n',
  system_suffix: '\n\n',
  system_same_as_user: true,
};
const LLAMA3 = {
  name: 'Llama 3 Instruct',
  input_sequence: '<|start_header_id|>user<|end_header_id|>\n\n',
  output_sequence: '<|start_header_id|>assistant<|end_header_id|>\n\n',
  system_sequence: '<|start_header_id|>system<|end_header_id|>\n\n',
  stop_sequence: '<|eot_id|>',
  wrap: false,
  output_suffix: '<|eot_id|>',
  input_suffix: '<|eot_id|>',
  system_suffix: '<|eot_id|>',
  system_same_as_user: false,
};
const parse = (template: object) => parseCustomTemplate(JSON.stringify(template));

describe('SillyTavern instruct templates, pasted as exported', () => {
  it('ChatML Thinking: wrapped sequences, the last output sequence opens <think> for the new reply only', () => {
    const template = parse(CHATML_THINKING);
    expect(template.name).toBe('ChatML Thinking');
    expect(template.render(TURNS)).toBe(
      '<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU1<|im_end|>\n<|im_start|>assistant\nA1<|im_end|>\n<|im_start|>user\nU2<|im_end|>\n<|im_start|>assistant\n<think>\n',
    );
    expect(openReasoningTag(template.replyStart)).toBe('<think>');
    // the stop sequence as it is; the role sequences after a newline, as SillyTavern sends them
    expect(template.stop).toEqual([
      '<|im_end|>',
      '\n<|im_start|>user',
      '\n<|im_start|>assistant',
      '\n<think>',
      '\n<|im_start|>system',
    ]);
  });

  it('a last output sequence that closes the block (a "No-Think" template) opens no reasoning', () => {
    const template = parse({
      ...CHATML_THINKING,
      last_output_sequence: '<|im_start|>assistant\n<think>\n\n</think>\n\n',
    });
    expect(template.render(TURNS.slice(0, 2))).toMatch(/<\|im_start\|>assistant\n<think>\n\n<\/think>\n$/);
    expect(openReasoningTag(template.replyStart)).toBeUndefined();
  });

  it('Alpaca: system text as a user turn (system_same_as_user), no stop sequence, the sequences as stops', () => {
    const template = parse(ALPACA);
    expect(template.render(TURNS)).toBe(
      '### Instruction:\nS\n\n### Instruction:\nU1\n\n### Response:\nA1\n\n### Instruction:\nU2\n\n### Response:\n',
    );
    expect(template.stop).toEqual(['\n### Instruction:', '\n### Response:']);
  });

  it('Llama 3 Instruct (not wrapped) renders exactly as the built-in llama3 template', () => {
    expect(parse(LLAMA3).render(TURNS)).toBe(getInstructTemplate('llama3').render(TURNS));
    expect(parse({ ...LLAMA3, sequences_as_stop_strings: false }).stop).toEqual(['<|eot_id|>']);
  });

  it('a SillyTavern "Master Export" reads the instruct template inside it', () => {
    const master = {
      instruct: CHATML_THINKING,
      context: { story_string: '{{system}}' },
      sysprompt: { content: 'Be kind.' },
    };
    expect(parse(master).render(TURNS)).toBe(parse(CHATML_THINKING).render(TURNS));
    expect(parse(master).name).toBe('ChatML Thinking');
  });

  it('a continued assistant turn gets no new header; replyPrefix (Start Reply With) may be added', () => {
    const turns: InstructTurn[] = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hel' },
    ];
    expect(parse(LLAMA3).render(turns)).toBe(
      '<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nHel',
    );
    const prefixed = parse({ ...LLAMA3, replyPrefix: '<think>\n' });
    expect(prefixed.render(turns.slice(0, 1))).toMatch(/assistant<\|end_header_id\|>\n\n<think>\n$/);
    expect(openReasoningTag(prefixed.replyStart)).toBe('<think>');
  });

  it.each([
    [
      { ...CHATML_THINKING, input_sequence: '<|im_start|>{{user}}' },
      /input_sequence uses a SillyTavern macro \({{user}}\).*write its text instead/,
    ],
    [{ ...ALPACA, wrap: 'yes' }, /a SillyTavern template's wrap must be true or false/],
    [{ ...ALPACA, output_suffix: 3 }, /a SillyTavern template's output_suffix must be a string/],
    [{ ...ALPACA, replyPrefix: ['<think>'] }, /replyPrefix must be a string/],
  ])('a template that cannot be read is refused with what to fix (%#)', (template, message) => {
    try {
      parse(template);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(isGenerateTaskError(error) && error.code).toBe('invalid_input');
      expect((error as Error).message).toMatch(/^instructTemplate: /);
      expect((error as Error).message).toMatch(message);
    }
  });
});
