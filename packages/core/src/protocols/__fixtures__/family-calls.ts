/**
 * One call as each family writes it, for generated outputs (property tests): the same forms as the
 * realistic outputs in family-outputs-*.ts, one renderer per family.
 */
import type { ToolCallFamily } from '../parser-types.js';
import { cwm, cwmLabel } from './family-outputs-cwm.js';
import { dots } from './family-outputs-dots.js';
import { gcml, gigachat3, gigachat31 } from './family-outputs-gigachat.js';
import { hy3Block, hy4Block } from './family-outputs-hy.js';
import { hcx14Role, hcx32 } from './family-outputs-hyperclovax.js';
import { ifmBlock, ifmJsonBlock } from './family-outputs-k2-horizon.js';
import { kimiK3Tools } from './family-outputs-kimi-k3.js';
import { minicpm } from './family-outputs-minicpm.js';
import { m3Block } from './family-outputs-minimax-m3.js';
import { plamoBlock } from './family-outputs-plamo.js';
import { rwkvFence } from './family-outputs-rwkv.js';
import { solar } from './family-outputs-solar.js';
import { type Call, dumps, gemmaValue, jsonCall, params, pyCall } from './family-render.js';

const qwen = (c: Call) =>
  `<function=${c.name}>\n${params(c, '<parameter=', '>\n', '\n</parameter>', '\n')}</function>`;

export const RENDER_CALL: Record<ToolCallFamily, (c: Call) => string> = {
  hermes: (c) => `<tool_call>\n${jsonCall(c)}\n</tool_call>`,
  ernie: (c) => `<tool_call>\n${jsonCall(c)}\n</tool_call>`,
  jamba: (c) => `<tool_calls>[${jsonCall(c)}]</tool_calls>`,
  // Hunyuan-A13B's JSON list, Hy3's and Hy4's GLM-style calls, by tool
  hunyuan: (c) =>
    c.name === 'write_note'
      ? hy3Block([c])
      : c.name === 'ping'
        ? hy4Block([c], ':opensource')
        : `<answer>\n<tool_calls>[${jsonCall(c)}]</tool_calls>\n</answer>`,
  apriel: (c) => `[BEGIN FINAL RESPONSE]\n<tool_calls>[${jsonCall(c)}]</tool_calls>\n[END FINAL RESPONSE]`,
  'minimax-m1': (c) => `<tool_calls>\n${jsonCall(c)}\n</tool_calls>`,
  'qwen3-coder': (c) => `<tool_call>\n${qwen(c)}\n</tool_call>`,
  'seed-oss': (c) => `<seed:tool_call>\n${qwen(c)}\n</seed:tool_call>`,
  'minimax-m2': (c) =>
    `<minimax:tool_call>\n<invoke name="${c.name}">\n${params(c, '<parameter name="', '">', '</parameter>', '\n')}</invoke>\n</minimax:tool_call>`,
  'minimax-m3': (c) => m3Block([c]),
  step3: (c) =>
    `<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="${c.name}">${params(c, '<steptml:parameter name="', '">', '</steptml:parameter>')}</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
  longcat: (c) => `<longcat_tool_call>${jsonCall(c)}</longcat_tool_call>`,
  llama3: (c) => `\n${jsonCall(c, 'parameters')}\n`,
  pythonic: (c) => `<|python_start|>[${pyCall(c)}]<|python_end|>`,
  'phi4-mini': (c) => `functools[${jsonCall(c)}]`,
  granite: (c) => `<|tool_call|>[${jsonCall(c)}]`,
  'granite-20b-fc': (c) => `<function_call> ${jsonCall(c)}`,
  functionary: (c) => `>>>${c.name}\n${dumps(c.args)}`,
  lmstudio: (c) => `[TOOL_REQUEST]\n${jsonCall(c)}\n[END_TOOL_REQUEST]`,
  // each of GigaChat's three dialects, by tool
  gigachat: (c) => (c.name === 'ping' ? gigachat31(c) : c.name === 'write_note' ? gcml(c) : gigachat3(c)),
  minicpm: (c) => minicpm(c),
  solar: (c) => solar(c),
  // vLLM's reading (the name in the body), and Meta's (the label names the tool) for one tool
  cwm: (c) => (c.name === 'write_note' ? cwmLabel(c) : cwm(c)),
  // K2-Horizon's xml mode, its typed mode for one tool and its json mode for another
  'k2-horizon': (c) => (c.name === 'ping' ? ifmJsonBlock([c]) : ifmBlock([c], c.name === 'write_note')),
  // 14B's role switch (left open: the generated text goes on after it); 32B's form where no value is a string
  hyperclovax: (c) => (c.name === 'ping' ? hcx32(c) : hcx14Role([c])),
  dots: (c) => dots(c),
  // PLaMo 3 as vLLM reads it, and PFN's API form (no `<|plamo:constrain|>json`) for one tool
  plamo: (c) => plamoBlock([c], c.name === 'ping'),
  // the fence without its label (the label is read only where RWKV is known); one tool's arguments as a string
  rwkv: (c) => rwkvFence(c, c.name === 'write_note'),
  internlm2: (c) => `<|action_start|><|plugin|>\n${jsonCall(c, 'parameters')}<|action_end|>`,
  xlam: (c) => `\n[${jsonCall(c)}]\n`,
  mistral: (c) => `[TOOL_CALLS]${c.name}[ARGS]${JSON.stringify(c.args)}`,
  deepseek: (c) =>
    `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>${c.name}\n\`\`\`json\n${dumps(c.args)}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  glm: (c) =>
    `<tool_call>${c.name}\n${params(c, '<arg_key>', '</arg_key>\n<arg_value>', '</arg_value>', '\n')}</tool_call>`,
  'kimi-k3': (c) => kimiK3Tools([c]),
  'kimi-k2': (c) =>
    `<|tool_calls_section_begin|><|tool_call_begin|>functions.${c.name}:0<|tool_call_argument_begin|>${dumps(c.args)}<|tool_call_end|><|tool_calls_section_end|>`,
  harmony: (c) =>
    `<|start|>assistant<|channel|>commentary to=functions.${c.name} <|constrain|>json<|message|>${JSON.stringify(c.args)}<|call|>`,
  gemma: (c) => `\`\`\`tool_code\n${pyCall(c)}\n\`\`\`\n`,
  functiongemma: (c) =>
    `<start_function_call>call:${c.name}${gemmaValue(c.args, '<escape>')}<end_function_call>`,
  gemma4: (c) => `<|tool_call>call:${c.name}${gemmaValue(c.args, '<|"|>')}<tool_call|>`,
  nemotron: (c) => `<TOOLCALL>[${jsonCall(c)}]</TOOLCALL>`,
  apertus: (c) => `<|tools_prefix|>[${dumps({ [c.name]: c.args })}]<|tools_suffix|>`,
  command: (c) =>
    `<|START_ACTION|>[\n    ${dumps({ tool_call_id: '0', tool_name: c.name, parameters: c.args })}\n]<|END_ACTION|>`,
};

/**
 * Pieces of markup a reader must never see in the content once a call was read: every family's markers
 * (the `<answer>` wrapper and fences are left out: they are ordinary text in prose).
 */
export const CALL_MARKUP = [
  '<tool_call',
  'tool_call>',
  'tool_call|>',
  '<tool_calls>',
  '<function=',
  '<parameter',
  '</function>',
  'tool_calls_begin',
  'tool_call_begin',
  'steptml:',
  'longcat_tool_call',
  '"parameters"',
  '"arguments"',
  '<|python_start|>',
  'functools[',
  '<|tool_call|>',
  '<function_call>',
  '<|action_start|>',
  '<|plugin|>',
  '[TOOL_CALLS]',
  '[ARGS]',
  'tool▁',
  '<arg_key>',
  '<arg_value>',
  '<|tool_calls_section',
  '<|open|>',
  '<|close|>',
  '<|channel|>',
  '<|message|>',
  '<|call|>',
  'tool_code',
  'function_call>',
  'call:',
  '<escape>',
  '<|"|>',
  'minimax:',
  ']<]minimax[>[',
  '<invoke',
  'TOOLCALL>',
  'ACTION|>',
  'tools_prefix',
  'tools_suffix',
  '"tool_name"',
  'message_sep',
  'role_sep',
  '<|function_call|>',
  'GCML',
  'tool_calls>',
  'tool_calls:',
  '<tool_sep',
  '<function name=',
  '<param',
  '</param>',
  'CDATA',
  '<|tool_call:',
  '<|tool_arg:',
  'iquestcoder_tool_call',
  '<ifm|',
  'ifm|tool',
  'tool/function_call',
  '<tool:',
  '</tool>',
  'dots_function_call',
  '<|plamo:',
  'Tool Call:**',
];
