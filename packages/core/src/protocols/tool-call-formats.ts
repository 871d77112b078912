/**
 * The model families whose tool-call markup the text parser reads, as plain data: the connection setting
 * `toolCallFormat` takes `auto` or one of these ids (the server validates against this list, the UI shows
 * it as a select). Browser-safe: no parser code here.
 */

export const TOOL_CALL_FAMILIES = [
  'hermes',
  'ernie',
  'jamba',
  'hunyuan',
  'apriel',
  'minimax-m1',
  'qwen3-coder',
  'seed-oss',
  'minimax-m2',
  'minimax-m3',
  'step3',
  'longcat',
  'llama3',
  'pythonic',
  'phi4-mini',
  'granite',
  'granite-20b-fc',
  'internlm2',
  'xlam',
  'mistral',
  'deepseek',
  'glm',
  'kimi-k2',
  'kimi-k3',
  'harmony',
  'gemma',
  'functiongemma',
  'gemma4',
  'nemotron',
  'command',
  'apertus',
  'functionary',
  'lmstudio',
  'gigachat',
  'minicpm',
  'solar',
  'k2-horizon',
  'hyperclovax',
  'cwm',
  'plamo',
  'dots',
  'rwkv',
] as const;

export type ToolCallFamily = (typeof TOOL_CALL_FAMILIES)[number];

/** A connection's `toolCallFormat`: `auto` reads every family (preferring the one the model name names). */
export type ToolCallFormat = 'auto' | ToolCallFamily;

export const TOOL_CALL_FORMATS: readonly ToolCallFormat[] = ['auto', ...TOOL_CALL_FAMILIES];

export interface ToolCallFamilyInfo {
  id: ToolCallFamily;
  /** the models, as a user would look for them */
  label: string;
  /** the markup, shortened, for docs and the UI */
  example: string;
  /** model names (lower case) that identify the family when the format is `auto` */
  models: RegExp;
}

/** In lookup order: the first family whose pattern matches the model name is preferred. */
export const TOOL_CALL_FAMILY_INFO: readonly ToolCallFamilyInfo[] = [
  {
    id: 'functiongemma',
    label: 'FunctionGemma',
    example: '<start_function_call>call:NAME{key:<escape>v<escape>}<end_function_call>',
    models: /functiongemma/,
  },
  {
    id: 'gemma4',
    label: 'Gemma 4',
    example: '<|tool_call>call:NAME{key:<|"|>v<|"|>}<tool_call|>',
    models: /gemma-?4/,
  },
  {
    id: 'gemma',
    label: 'Gemma 2 / 3 (tool_code blocks)',
    example: '```tool_code\nNAME(key="v")\n```',
    models: /gemma/,
  },
  {
    id: 'qwen3-coder',
    label: 'Qwen3-Coder / Qwen3 XML',
    example: '<tool_call><function=NAME><parameter=KEY>v</parameter></function></tool_call>',
    // Nemotron 3 writes Qwen3-Coder's XML
    models: /qwen3[-_.]?coder|qwen3[-_.]?(?:5|6|next)|nemotron[-_]?3/,
  },
  {
    id: 'seed-oss',
    label: 'Seed-OSS',
    example: '<seed:tool_call><function=NAME><parameter=KEY>v</parameter></function></seed:tool_call>',
    models: /seed[-_]?oss/,
  },
  {
    id: 'minimax-m2',
    label: 'MiniMax-M2',
    example: '<minimax:tool_call><invoke name="NAME"><parameter name="KEY">v</parameter></invoke>',
    models: /minimax[-_]?m2/,
  },
  {
    id: 'minimax-m3',
    label: 'MiniMax-M3',
    example:
      ']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="NAME">]<]minimax[>[<KEY>v]<]minimax[>[</KEY>]<]minimax[>[</invoke>',
    models: /minimax[-_]?m3/,
  },
  {
    id: 'minimax-m1',
    label: 'MiniMax-M1',
    example: '<tool_calls>\n{"name":"NAME","arguments":{...}}\n</tool_calls>',
    models: /minimax/,
  },
  {
    id: 'step3',
    label: 'Step-3',
    example: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="NAME">…',
    models: /step[-_]?3/,
  },
  {
    id: 'longcat',
    label: 'LongCat',
    example: '<longcat_tool_call>{"name":"NAME","arguments":{...}}</longcat_tool_call>',
    models: /longcat/,
  },
  {
    id: 'deepseek',
    label: 'DeepSeek V3 / R1 / V3.1 / V3.2',
    example: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{...}<｜tool▁call▁end｜>',
    models: /deepseek/,
  },
  {
    id: 'glm',
    label: 'GLM-4.5 / 4.6 / 4.7, IQuest Coder V2',
    example: '<tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>',
    models: /glm|chatglm|iquest/,
  },
  {
    id: 'kimi-k3',
    label: 'Kimi K3',
    example:
      '<|open|>tools<|sep|><|open|>call tool="NAME" index="1"<|sep|><|open|>argument key="k" type="string"<|sep|>v<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>',
    models: /kimi[-_ ]?k3/,
  },
  {
    id: 'kimi-k2',
    label: 'Kimi K2',
    example:
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{...}',
    // not Kimi K3 (its own family, above)
    models: /kimi(?![-_ ]?k3)|moonshot(?!.*kimi[-_ ]?k3)/,
  },
  {
    id: 'harmony',
    label: 'gpt-oss (harmony)',
    example: '<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{...}<|call|>',
    models: /gpt[-_]?oss|harmony/,
  },
  {
    id: 'nemotron',
    label: 'Nemotron (Llama-Nemotron, Nemotron-Nano v2)',
    example: '<TOOLCALL>[{"name":"NAME","arguments":{...}}]</TOOLCALL>',
    // before Llama: Llama-3.3-Nemotron is Nemotron's markup on a Llama base
    models: /nemotron/,
  },
  {
    id: 'command',
    label: 'Command R7B / Command A / Command R(+)',
    example: '<|START_ACTION|>[{"tool_call_id":"0","tool_name":"NAME","parameters":{...}}]<|END_ACTION|>',
    models: /command(?:[-_]?(?:r7b|r|a))?(?![a-z0-9])/,
  },
  {
    id: 'apertus',
    label: 'Apertus',
    example: '<|tools_prefix|>[{"NAME":{...}}]<|tools_suffix|>',
    models: /apertus/,
  },
  {
    id: 'functionary',
    label: 'Functionary v3.2 (MeetKai)',
    example: '>>>NAME\n{"key":"v"} (>>>all\n before text)',
    models: /functionary/,
  },
  {
    id: 'granite-20b-fc',
    label: 'Granite-20B-FunctionCalling',
    example: '<function_call> {"name":"NAME","arguments":{...}}',
    models: /granite[-_]?20b[-_]?function/,
  },
  {
    id: 'granite',
    label: 'Granite 3.x (Granite 4 writes Hermes tags)',
    example: '<|tool_call|>[{"name":"NAME","arguments":{...}}]',
    models: /granite/,
  },
  {
    id: 'internlm2',
    label: 'InternLM2 / 2.5',
    example: '<|action_start|><|plugin|>{"name":"NAME","parameters":{...}}<|action_end|>',
    models: /internlm/,
  },
  {
    id: 'xlam',
    label: 'xLAM',
    example: '[{"name":"NAME","arguments":{...}}]',
    models: /xlam/,
  },
  {
    id: 'phi4-mini',
    label: 'Phi-4-mini',
    example: 'functools[{"name":"NAME","arguments":{...}}]',
    models: /phi[-_]?4[-_]?mini/,
  },
  {
    id: 'hermes',
    label: 'Hermes / Qwen 2.5 / Qwen 3 / Granite 4',
    example: '<tool_call>{"name":"NAME","arguments":{...}}</tool_call>',
    models: /hermes|qwen|qwq/,
  },
  {
    id: 'pythonic',
    label: 'Llama 4 / Llama 3.2 pythonic / OLMo 3 / LFM2 / openPangu',
    example: "[NAME(key='v', n=3), OTHER()]",
    // openPangu: a JSON list in LFM2's tokens (or in [unused11]…[unused12])
    models: /llama[-_]?4|llama[-_]?3\.2|olmo|lfm[-_]?2|liquid|pangu/,
  },
  {
    id: 'llama3',
    label: 'Llama 3.x JSON',
    example: '{"name":"NAME","parameters":{...}}',
    models: /llama/,
  },
  {
    id: 'mistral',
    label: 'Mistral / Mixtral / Magistral / Devstral',
    example: '[TOOL_CALLS]NAME[ARGS]{...}  or  [TOOL_CALLS][{"name":"NAME","arguments":{...}}]',
    models: /mistral|mixtral|magistral|devstral|ministral|codestral|pixtral/,
  },
  {
    id: 'jamba',
    label: 'Jamba',
    example: '<tool_calls>[{"name":"NAME","arguments":{...}}]</tool_calls>',
    models: /jamba/,
  },
  {
    id: 'hunyuan',
    label: 'Hunyuan-A13B / Tencent Hy3 / Hy4',
    example:
      '<tool_calls>[{"name":"NAME","arguments":{...}}]</tool_calls>  or  <tool_calls><tool_call>NAME<tool_sep><arg_key>k</arg_key><arg_value>v</arg_value></tool_call></tool_calls>',
    // Tencent's Hy3 / Hy4 (tencent/Hy3-preview)
    models: /hunyuan|\bhy[34]\b/,
  },
  {
    id: 'apriel',
    label: 'Apriel (ServiceNow)',
    example:
      'reasoning [BEGIN FINAL RESPONSE] <tool_calls>[{"name":"NAME","arguments":{...}}]</tool_calls> [END FINAL RESPONSE]',
    models: /apriel/,
  },
  {
    id: 'ernie',
    label: 'ERNIE 4.5',
    example: '<tool_call>{"name":"NAME","arguments":{...}}</tool_call>',
    models: /ernie/,
  },
  {
    id: 'gigachat',
    label: 'GigaChat 3 / 3.1 / 3.5',
    example:
      '<|message_sep|>function call<|role_sep|>{"name":"NAME","arguments":{...}}  or  <|function_call|>{...}  or  <｜GCML｜tool_calls><｜GCML｜invoke name="NAME">…',
    models: /gigachat/,
  },
  {
    id: 'minicpm',
    label: 'MiniCPM5',
    example: '<function name="NAME"><param name="KEY">v</param></function>',
    models: /minicpm/,
  },
  {
    id: 'solar',
    label: 'Solar Open2 (Upstage)',
    example:
      '<|tool_call:start|>NAME\n<|tool_arg:start|>KEY<|tool_arg:value|>v<|tool_arg:end|>\n<|tool_call:end|>',
    models: /solar/,
  },
  {
    id: 'k2-horizon',
    label: 'K2-Horizon (IFM)',
    example:
      '<ifm|tool_calls><ifm|tool_call>NAME<ifm|arg_key>k</ifm|arg_key><ifm|arg_value>v</ifm|arg_value></ifm|tool_call></ifm|tool_calls>',
    models: /k2[-_]?horizon/,
  },
  {
    id: 'cwm',
    label: 'Meta CWM (Code World Model)',
    example: '<tool: NAME>\n{...}\n</tool>  or  <tool: function>\nNAME {...}\n</tool>',
    // facebook/cwm, cwm-sft and their builds; not words that merely contain "cwm"
    models: /(?:^|[^a-z0-9])cwm(?:$|[^a-z0-9])/,
  },
  {
    id: 'plamo',
    label: 'PLaMo 3 (Preferred Networks)',
    example:
      '<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>NAME<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{...}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>',
    models: /plamo/,
  },
  {
    id: 'dots',
    label: 'dots3 (rednote dots-studio)',
    example:
      '<dots_function_call><invoke name="NAME"><parameter name="KEY">v</parameter></invoke></dots_function_call>',
    // dots3-note-prev and its builds; not words that merely end in "dots"
    models: /(?:^|[^a-z])dots[-_.]?3/,
  },
  {
    id: 'rwkv',
    label: 'RWKV-7 G1 (BlinkDL)',
    example: '**Tool Call:**\n```json\n{"name":"NAME","arguments":{...}}\n```',
    models: /rwkv/,
  },
  {
    id: 'hyperclovax',
    label: 'HyperCLOVAX SEED Think 14B / 32B (NAVER)',
    example:
      '<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{"name":"NAME","arguments":{...}}]  or  <tool_call>NAME\n<arg_key>k</arg_key>\n<arg_value>"v"</arg_value>\n</tool_call>',
    models: /hyperclova/,
  },
  // last: an LM Studio download of a model no family above names is prompted in LM Studio's own format
  {
    id: 'lmstudio',
    label: "LM Studio's default tool format",
    example: '[TOOL_REQUEST]{"name":"NAME","arguments":{...}}[END_TOOL_REQUEST]',
    models: /lmstudio/,
  },
];

/** The family a model name identifies (case-insensitive), if any. */
export function familyForModel(model: string | undefined): ToolCallFamily | undefined {
  if (!model) return undefined;
  const name = model.toLowerCase();
  return TOOL_CALL_FAMILY_INFO.find((f) => f.models.test(name))?.id;
}

export function isToolCallFormat(value: unknown): value is ToolCallFormat {
  return typeof value === 'string' && (TOOL_CALL_FORMATS as readonly string[]).includes(value);
}
