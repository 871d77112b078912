// A tool result the model writes itself right after its call: small models in text mode (and through servers
// that pass calls on as content) go on to invent the tool's answer and then answer from it. The real result
// comes in the next round, so the invented one and everything after it are dropped; the same tags elsewhere
// are text.
import { describe, expect, it } from 'vitest';
import { expectEveryCut } from './__fixtures__/every-cut.js';
import { FAMILY_TOOLS } from './__fixtures__/family-render.js';
import type { TextParserOptions } from './parser-types.js';
import { parseToolCallsFromText } from './text-parser.js';

const TRIGGER = '<Function_a1b2_Start/>';
const options: TextParserOptions = { tools: FAMILY_TOOLS, trigger: TRIGGER, createId: (i) => `id${i}` };
const brief = (text: string) => {
  const r = parseToolCallsFromText(text, options);
  return {
    content: r.content,
    calls: r.calls.map((c) => [c.name, c.args]),
    errors: r.errors.map((e) => e.kind),
  };
};
const PARIS = ['get_weather', { city: 'Paris' }];

describe('a tool result the model invented after its call', () => {
  const invented: [label: string, text: string, content: string][] = [
    [
      'Hermes / Qwen: <tool_response> after </tool_call>',
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_response>\n{"temp_c": 31, "sky": "clear"}\n</tool_response>\nIt is 31 °C and clear in Paris.',
      '\n',
    ],
    [
      'our protocol: <tool_result> after the calls block',
      `Let me check.\n${TRIGGER}\n<function_calls><function_call><tool>get_weather</tool><args_json><![CDATA[{"city":"Paris"}]]></args_json></function_call></function_calls>\n<tool_result name="get_weather">{"temp_c": 31}</tool_result>\nIt is 31 °C.`,
      'Let me check.\n\n',
    ],
    [
      'Gemma 4: <|tool_response> after <tool_call|>',
      '<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|><|tool_response>response:get_weather{value:<|"|>31 °C<|"|>}<tool_response|>It is 31 °C.',
      '',
    ],
    [
      'DeepSeek V3: the tool outputs after the calls',
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{"temp_c": 31}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>It is 31 °C.',
      '',
    ],
    [
      "GLM: the tools' turn opened after the call, the result written into it",
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call><|observation|>\n<tool_response>\n31 °C\n</tool_response><|assistant|>\nIt is 31 °C.',
      '',
    ],
    [
      'ChatML: the turn ended after the call, then a tool turn written out',
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>\n<|im_start|>user\n<tool_response>\n31 °C\n</tool_response><|im_end|>',
      '',
    ],
    [
      'Llama 3 JSON, then a result on the next line',
      '{"name": "get_weather", "parameters": {"city": "Paris"}}\n<tool_result name="get_weather">\nsunny\n</tool_result>\nSunny!',
      '\n',
    ],
  ];
  for (const [label, text, content] of invented) {
    it(`${label}: it and the rest are dropped, the call stays, at every cut`, () => {
      expect(brief(text)).toEqual({ content, calls: [PARIS], errors: [] });
      expectEveryCut(text, options, parseToolCallsFromText(text, options));
    });
  }

  it('the tags anywhere else are text, as written', () => {
    const mention = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n';
    const cases: [text: string, content: string, calls: unknown[]][] = [
      [
        'Hermes models read results in <tool_response> tags.',
        'Hermes models read results in <tool_response> tags.',
        [],
      ],
      [
        '<tool_result name="x">quoted from the docs</tool_result>',
        '<tool_result name="x">quoted from the docs</tool_result>',
        [],
      ],
      [
        `${mention}The result comes in a <tool_response> tag.`,
        '\nThe result comes in a <tool_response> tag.',
        [PARIS],
      ],
    ];
    for (const [text, content, calls] of cases) expect(brief(text)).toEqual({ content, calls, errors: [] });
  });
});
