/**
 * The instruct templates a text-completion connection can name, as the Connections form offers them (the value
 * saved in `instructTemplate` and a label naming the models). Kept beside the registry (templates.ts), and a
 * test checks the two list the same templates; plain data, so the web bundle imports it through the schema.
 */
export interface InstructTemplateChoice {
  value: string;
  label: string;
}

export const INSTRUCT_TEMPLATE_CHOICES: readonly InstructTemplateChoice[] = [
  { value: 'chatml', label: 'ChatML' },
  { value: 'chatml-think', label: 'ChatML, reply opens <think> (QwQ, Qwen3 Thinking)' },
  { value: 'llama3', label: 'Llama 3' },
  { value: 'llama4', label: 'Llama 4' },
  { value: 'mistral', label: 'Mistral (v2/v3)' },
  { value: 'mistral-tekken', label: 'Mistral Tekken (Nemo)' },
  { value: 'mistral-v7', label: 'Mistral v7' },
  { value: 'gemma', label: 'Gemma 2 / 3' },
  { value: 'gemma4', label: 'Gemma 4' },
  { value: 'phi', label: 'Phi-3' },
  { value: 'deepseek', label: 'DeepSeek' },
  { value: 'deepseek-r1', label: 'DeepSeek-R1, reply opens <think>' },
  { value: 'deepseek-v3.1', label: 'DeepSeek V3.1 / V3.2' },
  { value: 'deepseek-v3.1-think', label: 'DeepSeek V3.1 / V3.2, thinking (reply opens <think>)' },
  { value: 'glm', label: 'GLM-4' },
  { value: 'glm-4.5', label: 'GLM-4.5 / 4.6' },
  { value: 'glm-4.7', label: 'GLM-4.7, reply opens <think>' },
  { value: 'kimi', label: 'Kimi K2' },
  { value: 'harmony', label: 'gpt-oss (harmony)' },
  { value: 'apriel', label: 'Apriel 1.6, reply opens its reasoning' },
  { value: 'granite', label: 'Granite 3 / 4' },
  { value: 'seed-oss', label: 'Seed-OSS' },
  { value: 'minimax-m2', label: 'MiniMax-M2, reply opens <think>' },
  { value: 'nemotron-v2', label: 'Nemotron Nano 2, reply opens <think>' },
  { value: 'functionary-v3.2', label: 'Functionary v3.2, reply opens >>>' },
  { value: 'command-r', label: 'Command-R' },
  { value: 'alpaca', label: 'Alpaca' },
  { value: 'vicuna', label: 'Vicuna 1.1' },
];
