// Newer model families' calls in the content of a native-mode answer: a server without the model's tool parser
// (vLLM without --tool-call-parser, llama.cpp without a template for it) passes the markup on as text. Over real
// HTTP against the emulator, streamed and whole, with the model named and as `local-model`: the call runs with
// its arguments typed, the answer comes from its result, and no markup stays in what the model reads back.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

interface ContentFormat {
  name: string;
  /** the model's first reply (text, then its call of add(1, 2)), by model name */
  replies: [model: string, reply: string][];
  /** its answer once the result came back */
  answer: string;
  /** the text of the first reply once its markup is gone */
  text: string;
  /** none of these may stay in the messages */
  markup: string[];
}

const KIMI_K3_TOOLS =
  '<|open|>tools<|sep|><|open|>call tool="add" index="1"<|sep|><|open|>argument key="a" type="number"<|sep|>1<|close|>argument<|sep|><|open|>argument key="b" type="number"<|sep|>2<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|>';
const GIGACHAT_3 =
  'I will add them.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "add", "arguments": {"a": 1, "b": 2}}</s>';
const GIGACHAT_31 = 'I will add them.<|function_call|>{"name": "add", "arguments": {"a": 1, "b": 2}}';
const GIGACHAT_35 =
  'I will add them.<｜GCML｜tool_calls>\n<｜GCML｜invoke name="add">\n<｜GCML｜parameter name="a" string="false">1</｜GCML｜parameter>\n<｜GCML｜parameter name="b" string="false">2</｜GCML｜parameter>\n</｜GCML｜invoke>\n</｜GCML｜tool_calls>';
const HY3 =
  'I will add them.<tool_calls>\n<tool_call>add<tool_sep>\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n<arg_key>b</arg_key>\n<arg_value>2</arg_value>\n</tool_call>\n</tool_calls>';
const HY4 =
  'I will add them.<tool_calls:opensource><tool_call:opensource>add<arg_key:opensource>a</arg_key:opensource><arg_value:opensource>1</arg_value:opensource><arg_key:opensource>b</arg_key:opensource><arg_value:opensource>2</arg_value:opensource></tool_call:opensource></tool_calls:opensource>';
const HY_PLAIN =
  'I will add them.<tool_calls><tool_call>add<arg_key>a</arg_key><arg_value>1</arg_value><arg_key>b</arg_key><arg_value>2</arg_value></tool_call></tool_calls>';
const MINICPM =
  'I will add them.\n<function name="add"><param name="a">1</param><param name="b"><![CDATA[2]]></param></function>';
const SOLAR =
  'I will add them.<|tool_call:start|>add\n<|tool_arg:start|>a<|tool_arg:value|>1<|tool_arg:end|>\n<|tool_arg:start|>b<|tool_arg:value|>2<|tool_arg:end|>\n<|tool_call:end|>';
const IQUEST =
  'I will add them.<iquestcoder_tool_call>add<arg_key>a</arg_key><arg_value>1</arg_value><arg_key>b</arg_key><arg_value>2</arg_value></iquestcoder_tool_call>';
const K2_HORIZON =
  'I will add them.<ifm|tool_calls>\n<ifm|tool_call>add\n<ifm|arg_key>a</ifm|arg_key>\n<ifm|arg_type>integer</ifm|arg_type>\n<ifm|arg_value>1</ifm|arg_value>\n<ifm|arg_key>b</ifm|arg_key>\n<ifm|arg_type>integer</ifm|arg_type>\n<ifm|arg_value>2</ifm|arg_value>\n</ifm|tool_call>\n</ifm|tool_calls>';

const FORMATS: ContentFormat[] = [
  {
    name: 'GigaChat 3 / 3.1 / 3.5',
    replies: [
      ['ai-sage/GigaChat3-10B-A1.8B', GIGACHAT_3],
      ['ai-sage/GigaChat3.1-10B-A1.8B', GIGACHAT_31],
      ['ai-sage/GigaChat3.5-432B-A28B', GIGACHAT_35],
      ['local-model', GIGACHAT_3],
      ['local-model', GIGACHAT_31],
      ['local-model', GIGACHAT_35],
    ],
    answer: '1 + 2 = 3.<|message_sep|>',
    text: 'I will add them.',
    markup: ['message_sep', 'role_sep', 'function_call', 'GCML', '</s>'],
  },
  {
    name: 'Tencent Hy3 / Hy4',
    replies: [
      ['tencent/Hy3-preview', HY3],
      ['tencent/Hy4-preview', HY4],
      ['local-model', HY_PLAIN],
    ],
    answer: '1 + 2 = 3.',
    text: 'I will add them.',
    markup: ['<tool_calls', '<tool_call', '<arg_key', '<arg_value', '<tool_sep'],
  },
  {
    name: 'MiniCPM5',
    replies: [
      ['openbmb/MiniCPM5-2B', MINICPM],
      ['local-model', MINICPM],
    ],
    answer: '1 + 2 = 3.',
    text: 'I will add them.\n',
    markup: ['<function', '<param', 'CDATA'],
  },
  {
    name: 'Kimi K3 (reasoning in its think channel)',
    replies: [
      [
        'moonshotai/Kimi-K3',
        `<|open|>think<|sep|>Two numbers: use add.<|close|>think<|sep|><|open|>response<|sep|>I will add them.<|close|>response<|sep|>${KIMI_K3_TOOLS}`,
      ],
      // thinking off: the template opened the response channel
      ['moonshotai/Kimi-K3', `I will add them.<|close|>response<|sep|>${KIMI_K3_TOOLS}<|end_of_msg|>`],
      ['local-model', `<|open|>response<|sep|>I will add them.<|close|>response<|sep|>${KIMI_K3_TOOLS}`],
    ],
    answer: '<|open|>response<|sep|>1 + 2 = 3.<|close|>response<|sep|><|close|>message<|sep|>',
    text: 'I will add them.',
    markup: ['<|open|>', '<|close|>', '<|sep|>', '<|end_of_msg|>', 'Two numbers'],
  },
  {
    name: 'Solar Open2',
    replies: [
      ['upstage/Solar-Open2-250B', SOLAR],
      ['local-model', SOLAR],
    ],
    answer: '1 + 2 = 3.',
    text: 'I will add them.',
    markup: ['<|tool_call:', '<|tool_arg:'],
  },
  {
    name: 'IQuest Coder V2',
    replies: [
      ['IQuestLab/IQuest-Coder-V2-40B-Instruct', IQUEST],
      ['local-model', IQUEST],
    ],
    answer: '1 + 2 = 3.',
    text: 'I will add them.',
    markup: ['iquestcoder_tool_call', '<arg_key>', '<arg_value>'],
  },
  {
    name: 'K2-Horizon (typed mode)',
    replies: [
      ['IFM/K2-Horizon-32B', K2_HORIZON],
      ['local-model', K2_HORIZON],
    ],
    answer: '1 + 2 = 3.',
    text: 'I will add them.',
    markup: ['ifm|'],
  },
];

describe.each(FORMATS)('$name: calls as content, native mode', (format) => {
  it('the call runs and its markup leaves the content, named or not, streamed and whole', async () => {
    for (const [model, reply] of format.replies) {
      for (const stream of [true, false]) {
        const replies = [reply, format.answer];
        let n = 0;
        emulator().on('/v1/chat/completions', (req) => contentAnswer(req, replies[n++ % 2]));
        const rt = runtimeWithAdd(
          openaiConnection(emulator().url, { model, functionCalling: { enabled: true, mode: 'native' } }),
        );
        const result = await rt.runToolLoop({ taskMessages: ask, stream });
        expect([model, stream, result.trace.map((t) => [t.name, t.args, t.result])]).toEqual([
          model,
          stream,
          [['add', { a: 1, b: 2 }, { sum: 3 }]],
        ]);
        expect([model, stream, result.steps.map((s) => s.assistantText)]).toEqual([
          model,
          stream,
          [format.text, '1 + 2 = 3.'],
        ]);
        const sent = JSON.stringify(result.messages);
        for (const markup of format.markup)
          expect([model, stream, markup, sent.includes(markup)]).toEqual([model, stream, markup, false]);
      }
    }
  });
});
