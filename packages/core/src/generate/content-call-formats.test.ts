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
const K2_HORIZON_JSON =
  'I will add them.<ifm|tool_calls>\n<ifm|tool_call>{"name": "add", "arguments": {"a": 1, "b": "2"}}</ifm|tool_call>\n</ifm|tool_calls><|ifm|im_end|>';
const DOTS =
  '<think>\nTwo numbers: use add.\n</think>\n\nI will add them.\n<dots_function_call>\n<invoke name="add">\n<parameter name="a">\n1\n</parameter>\n<parameter name="b">\n2\n</parameter>\n</invoke>\n</dots_function_call><|endofassistant|>';
const MINIMAX_M3 =
  'I will add them.\n]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="add">]<]minimax[>[<a>1]<]minimax[>[</a>]<]minimax[>[<b>2]<]minimax[>[</b>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>';

const PLAMO =
  'I will add them.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>add<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": 1, "b": 2}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|><|plamo:tag|>';

const CWM = 'I will add them.\n<tool: function>\nadd {"a": 1, "b": 2}\n</tool><|eot_id|>';
const CWM_LABEL = 'I will add them.\n<tool: add>\n{"a": 1, "b": 2}\n</tool>';

const PANGU =
  '[unused16]Two numbers: use add.[unused17]I will add them.[unused11][{"name": "add", "arguments": {"a": 1, "b": 2}}][unused12][unused10]';
const RWKV =
  'I will add them.\n**Tool Call:**\n```json\n{\n  "name": "add",\n  "arguments": {\n    "a": 1,\n    "b": 2\n  }\n}\n```';
const RWKV_PY =
  "I will add them.\n**Tool Call:**\n```json\n{'name': 'add', 'arguments': {'a': 1, 'b': 2}}\n```";

const HCX_14 =
  'I will add them.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{"name": "add", "arguments": {"a": 1, "b": 2}}]<|im_end|><|stop|>';
const HCX_32 =
  'I will add them.<tool_call>add\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n<arg_key>b</arg_key>\n<arg_value>2</arg_value>\n</tool_call><|im_end|>';

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
    name: 'K2-Horizon (typed and json modes)',
    replies: [
      ['IFM/K2-Horizon-32B', K2_HORIZON],
      ['local-model', K2_HORIZON],
      ['IFM/K2-Horizon-32B', K2_HORIZON_JSON],
      ['local-model', K2_HORIZON_JSON],
    ],
    answer: '1 + 2 = 3.',
    text: 'I will add them.',
    markup: ['ifm|'],
  },
  {
    name: 'dots3 (reasoning in think)',
    replies: [
      ['dots-studio/dots3-note-prev', DOTS],
      ['local-model', DOTS],
    ],
    answer: '1 + 2 = 3.<|endofassistant|>',
    text: 'I will add them.\n',
    markup: ['dots_function_call', '<invoke', '<parameter', 'endofassistant', 'Two numbers'],
  },
  {
    name: 'MiniMax-M3 (reasoning in mm:think)',
    replies: [
      ['MiniMaxAI/MiniMax-M3', MINIMAX_M3],
      ['MiniMaxAI/MiniMax-M3', `<mm:think>Two numbers: use add.</mm:think>\n${MINIMAX_M3}`],
      ['local-model', MINIMAX_M3],
    ],
    answer: '1 + 2 = 3.',
    text: 'I will add them.\n',
    markup: [']<]minimax[>[', '<invoke', 'tool_call>', 'mm:think', 'Two numbers'],
  },
  {
    name: 'PLaMo 3',
    replies: [
      ['pfnet/plamo-3-nict-31b-base', PLAMO],
      ['local-model', PLAMO],
    ],
    answer: '1 + 2 = 3.<|plamo:tag|>',
    text: 'I will add them.',
    markup: ['<|plamo:'],
  },
  {
    name: 'Meta CWM',
    replies: [
      ['facebook/cwm', CWM],
      ['facebook/cwm-sft', CWM_LABEL],
      ['local-model', CWM],
      ['local-model', CWM_LABEL],
    ],
    answer: '1 + 2 = 3.<|eot_id|>',
    text: 'I will add them.\n',
    markup: ['<tool:', '</tool>', '<|eot_id|>'],
  },
  {
    name: 'openPangu-Embedded (reserved tokens)',
    replies: [
      ['FreedomIntelligence/openPangu-Embedded-7B-V1.1', PANGU],
      ['local-model', PANGU],
    ],
    answer: '1 + 2 = 3.[unused10]',
    text: 'I will add them.',
    markup: ['[unused', 'Two numbers'],
  },
  {
    // the label is read only where RWKV is named (under auto its fence is still a call; the label stays)
    name: 'RWKV-7 G1 (Markdown label and fence)',
    replies: [
      ['BlinkDL/rwkv7-g1', RWKV],
      ['rwkv7-g1a-2.9b', RWKV_PY],
    ],
    answer: '1 + 2 = 3.',
    text: 'I will add them.\n',
    markup: ['Tool Call:', '```'],
  },
  {
    name: 'HyperCLOVAX SEED Think 14B (role switch) / 32B (GLM tags)',
    replies: [
      ['naver-hyperclovax/HyperCLOVAX-SEED-Think-14B', HCX_14],
      ['naver-hyperclovax/HyperCLOVAX-SEED-Think-32B', HCX_32],
      ['local-model', HCX_14],
      ['local-model', HCX_32],
    ],
    answer: '1 + 2 = 3.<|im_end|><|endofturn|>',
    text: 'I will add them.',
    markup: ['<|im_', 'tool/function_call', '<|stop|>', '<|endofturn|>', 'arg_key'],
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
