import { describe, expect, it } from 'vitest';
import { FAMILY_TOOLS, OSLO } from './__fixtures__/family-render.js';
import type { TextParserOptions } from './parser-types.js';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';

// End-of-turn tokens passed on as text by a misconfigured server (a GGUF with the wrong end-of-generation
// token, special tokens shown): the user must not see them, nor the next turn the model went on to write.
const read = (text: string, options: Partial<TextParserOptions> = {}) => {
  const r = parseToolCallsFromText(text, { tools: FAMILY_TOOLS, createId: (i) => `id${i}`, ...options });
  return { content: r.content, calls: r.calls.map((c) => ({ name: c.name, args: c.args })) };
};

/** The same text pushed in two pieces cut at every position: each reading equals the one-piece one. */
function expectSameForEveryCut(text: string, options: Partial<TextParserOptions> = {}) {
  const whole = read(text, options);
  for (let cut = 0; cut <= text.length; cut++) {
    const parser = createTextToolCallParser({ tools: FAMILY_TOOLS, createId: (i) => `id${i}`, ...options });
    parser.push(text.slice(0, cut));
    parser.push(text.slice(cut));
    parser.end();
    const r = parser.result();
    expect({ cut, content: r.content, calls: r.calls.length }).toEqual({
      cut,
      content: whole.content,
      calls: whole.calls.length,
    });
  }
  return whole;
}

describe('end-of-turn tokens in a reply', () => {
  it.each([
    ['ChatML', '<|im_end|>', '<|im_start|>user\nAnd tomorrow?'],
    ['Llama 3', '<|eot_id|>', '<|start_header_id|>user<|end_header_id|>\n\nThanks'],
    ['Llama 4', '<|eot|>', '<|header_start|>user<|header_end|>\n\nThanks'],
    // Llama 3.1 / 4 end a message that calls a tool with end-of-message instead of end-of-turn
    ['Llama 3.1 after a call', '<|eom_id|>', '<|start_header_id|>ipython<|end_header_id|>\n\n{"temp": 3}'],
    ['Llama 4 after a call', '<|eom|>', '<|header_start|>ipython<|header_end|>\n\n{"temp": 3}'],
    // Mistral and Llama 2 era GGUFs that show the end-of-sequence token
    ['Mistral', '</s>', '[INST] Thanks [/INST]'],
    ['Gemma 2 / 3', '<end_of_turn>', '<start_of_turn>user\nThanks'],
    ['Gemma 4', '<turn|>', '<|turn>user\nThanks'],
    ['DeepSeek', '<｜end▁of▁sentence｜>', '<｜User｜>Thanks'],
    ['Command', '<|END_OF_TURN_TOKEN|>', '<|START_OF_TURN_TOKEN|><|USER_TOKEN|>Thanks'],
    ['GLM', '<|observation|>', '<|user|>\nThanks'],
    ['Granite 3 / 4', '<|end_of_text|>', '<|start_of_role|>user<|end_of_role|>Thanks'],
  ])('%s: the token at the end is dropped, and a next turn the model wrote after it too', (_, end, next) => {
    expect(expectSameForEveryCut(`It is sunny. 晴れ。${end}\n`)).toEqual({
      content: 'It is sunny. 晴れ。',
      calls: [],
    });
    expect(expectSameForEveryCut(`It is sunny.${end}\n${next}`)).toEqual({
      content: 'It is sunny.',
      calls: [],
    });
  });

  it('after a call: the call runs, the token goes; a call in the turn the model wrote for the user never runs', () => {
    const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>';
    expect(expectSameForEveryCut(`${call}<|im_end|>`)).toEqual({ content: '', calls: [OSLO] });
    expect(expectSameForEveryCut(`Done.<|im_end|>\n<|im_start|>assistant\n${call}`)).toEqual({
      content: 'Done.',
      calls: [],
    });
  });

  it('several end tokens in a row (<|im_end|><|endoftext|>) are decided together', () => {
    expect(expectSameForEveryCut('Done.<|im_end|><|endoftext|>\n')).toEqual({ content: 'Done.', calls: [] });
    expect(expectSameForEveryCut('Done.<|endoftext|>')).toEqual({ content: 'Done.', calls: [] });
    expect(expectSameForEveryCut('Done.<|im_end|>\n<|endoftext|><|im_start|>user\nHi')).toEqual({
      content: 'Done.',
      calls: [],
    });
    const prose = 'It ends with <|im_end|><|endoftext|> and more.';
    expect(expectSameForEveryCut(prose)).toEqual({ content: prose, calls: [] });
  });

  it('a token the reply goes on after is text, as written (a model explaining its template)', () => {
    const prose = 'ChatML ends every turn with <|im_end|> and opens the next with <|im_start|>.';
    expect(expectSameForEveryCut(prose)).toEqual({ content: prose, calls: [] });
    expect(read('Write `<|im_end|>` at the end.')).toEqual({
      content: 'Write `<|im_end|>` at the end.',
      calls: [],
    });
  });

  it('whatever format the connection chose', () => {
    expect(read('Hi!<|eot_id|>', { format: 'mistral' })).toEqual({ content: 'Hi!', calls: [] });
  });

  it("GLM's call turn ends by opening the tools' turn: dropped after its call", () => {
    const glm =
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call><|observation|>';
    expect(expectSameForEveryCut(glm, { model: 'zai-org/GLM-4.6' })).toEqual({ content: '', calls: [OSLO] });
  });

  it("Llama 3.1's call ends with <|eom_id|> (the tool's turn comes next): dropped after the call", () => {
    const llama = '<function=get_weather>{"city": "Oslo"}</function><|eom_id|>';
    expect(expectSameForEveryCut(llama)).toEqual({ content: '', calls: [OSLO] });
    const python = '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|eom_id|>';
    expect(expectSameForEveryCut(python)).toEqual({ content: '', calls: [OSLO] });
  });

  it('</s> closing strikethrough the reply goes on after is text', () => {
    const prose = 'The price was <s>12 €</s> 9 € today.';
    expect(expectSameForEveryCut(prose)).toEqual({ content: prose, calls: [] });
  });
});
