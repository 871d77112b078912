// The connection's `toolCallFormat` choices: a copy of @toolsmith/core's TOOL_CALL_FORMATS and family labels
// (protocols/tool-call-formats.ts), because the web bundle cannot import the core's runtime; a test keeps
// the two the same. What each family writes: docs/tool-call-formats.md.

export interface ToolCallFormatOption {
  value: string;
  label: string;
}

export const AUTO_FORMAT_HELP =
  "Reads every model family's tool-call markup, preferring the family the model name identifies.";

export const TOOL_CALL_FORMAT_OPTIONS: readonly ToolCallFormatOption[] = [
  { value: 'auto', label: 'Auto (recommended)' },
  { value: 'hermes', label: 'Hermes / Qwen 2.5 / Qwen 3 / Granite 4' },
  { value: 'ernie', label: 'ERNIE 4.5' },
  { value: 'jamba', label: 'Jamba' },
  { value: 'hunyuan', label: 'Hunyuan' },
  { value: 'minimax-m1', label: 'MiniMax-M1' },
  { value: 'qwen3-coder', label: 'Qwen3-Coder / Qwen3 XML' },
  { value: 'seed-oss', label: 'Seed-OSS' },
  { value: 'minimax-m2', label: 'MiniMax-M2' },
  { value: 'step3', label: 'Step-3' },
  { value: 'longcat', label: 'LongCat' },
  { value: 'llama3', label: 'Llama 3.x JSON' },
  { value: 'pythonic', label: 'Llama 4 / Llama 3.2 pythonic / OLMo 3 / LFM2' },
  { value: 'phi4-mini', label: 'Phi-4-mini' },
  { value: 'granite', label: 'Granite 3.x (Granite 4 writes Hermes tags)' },
  { value: 'granite-20b-fc', label: 'Granite-20B-FunctionCalling' },
  { value: 'internlm2', label: 'InternLM2 / 2.5' },
  { value: 'xlam', label: 'xLAM' },
  { value: 'mistral', label: 'Mistral / Mixtral / Magistral / Devstral' },
  { value: 'deepseek', label: 'DeepSeek V3 / R1 / V3.1 / V3.2' },
  { value: 'glm', label: 'GLM-4.5 / 4.6 / 4.7' },
  { value: 'kimi-k2', label: 'Kimi K2' },
  { value: 'harmony', label: 'gpt-oss (harmony)' },
  { value: 'gemma', label: 'Gemma 2 / 3 (tool_code blocks)' },
  { value: 'functiongemma', label: 'FunctionGemma' },
  { value: 'gemma4', label: 'Gemma 4' },
];
