/**
 * The instruct templates a text-completion connection can name, as the Connections form offers them (the value
 * saved in `instructTemplate` and a label naming the models). Kept beside the registry (templates.ts), and a
 * test checks the two list the same templates; plain data, so the web bundle imports it through the schema.
 */
export interface InstructTemplateChoice {
  value: string;
  label: string;
  /** the template opens `<think>` for a new reply, so the model writes only `</think>` */
  opensThink?: true;
}

export const INSTRUCT_TEMPLATE_CHOICES: readonly InstructTemplateChoice[] = [
  { value: 'chatml', label: 'ChatML' },
  { value: 'chatml-think', label: 'ChatML, reply opens <think> (QwQ, Qwen3 Thinking)', opensThink: true },
  { value: 'llama2', label: 'Llama 2 chat' },
  { value: 'llama3', label: 'Llama 3' },
  { value: 'llama4', label: 'Llama 4' },
  { value: 'mistral', label: 'Mistral (v2/v3)' },
  { value: 'mistral-tekken', label: 'Mistral Tekken (Nemo)' },
  { value: 'mistral-v7', label: 'Mistral v7' },
  { value: 'gemma', label: 'Gemma 2 / 3' },
  { value: 'gemma4', label: 'Gemma 4' },
  { value: 'phi', label: 'Phi-3' },
  { value: 'phi4', label: 'Phi-4' },
  { value: 'phi4-mini', label: 'Phi-4-mini' },
  { value: 'deepseek', label: 'DeepSeek' },
  { value: 'deepseek-r1', label: 'DeepSeek-R1, reply opens <think>', opensThink: true },
  { value: 'deepseek-v3.1', label: 'DeepSeek V3.1 / V3.2' },
  {
    value: 'deepseek-v3.1-think',
    label: 'DeepSeek V3.1 / V3.2, thinking (reply opens <think>)',
    opensThink: true,
  },
  { value: 'glm', label: 'GLM-4' },
  { value: 'glm-4.5', label: 'GLM-4.5 / 4.6' },
  { value: 'glm-4.7', label: 'GLM-4.7, reply opens <think>', opensThink: true },
  { value: 'kimi', label: 'Kimi K2' },
  { value: 'harmony', label: 'gpt-oss (harmony)' },
  { value: 'apriel', label: 'Apriel 1.6, reply opens its reasoning' },
  { value: 'granite', label: 'Granite 3 / 4' },
  { value: 'seed-oss', label: 'Seed-OSS' },
  { value: 'minimax-m2', label: 'MiniMax-M2, reply opens <think>', opensThink: true },
  { value: 'nemotron-v2', label: 'Nemotron Nano 2, reply opens <think>', opensThink: true },
  { value: 'exaone-4', label: 'EXAONE 4.0' },
  { value: 'exaone-4-think', label: 'EXAONE 4.0, thinking (reply opens <think>)', opensThink: true },
  { value: 'olmo2', label: 'OLMo 2' },
  { value: 'ernie', label: 'ERNIE 4.5' },
  { value: 'hunyuan', label: 'Hunyuan-A13B' },
  { value: 'apertus', label: 'Apertus' },
  { value: 'functionary-v3.2', label: 'Functionary v3.2, reply opens >>>' },
  { value: 'command-r', label: 'Command-R' },
  { value: 'metharme', label: 'Metharme (Pygmalion)' },
  { value: 'alpaca', label: 'Alpaca' },
  { value: 'vicuna', label: 'Vicuna 1.1' },
];

/**
 * Model names (as KoboldCpp, llama.cpp or Ollama report them, GGUF file names included) and the template each
 * family's own chat template matches, first match wins: more specific names before their family's. Only a
 * suggestion the form offers; nothing is chosen for the user.
 */
const TEMPLATE_BY_MODEL: ReadonlyArray<readonly [RegExp, string]> = [
  [/gpt-?oss/, 'harmony'],
  [/deepseek.*r1/, 'deepseek-r1'],
  [/deepseek.*v3[._-]?[12]/, 'deepseek-v3.1'],
  [/deepseek/, 'deepseek'],
  [/qwq|qwen-?3.*thinking/, 'chatml-think'],
  // ChatML fine-tunes of other families keep ChatML (Hermes 3 on Llama 3.1 is ChatML)
  [/hermes|qwen|dolphin/, 'chatml'],
  [/glm-?4[._-]?7/, 'glm-4.7'],
  [/glm-?4[._-]?[56]/, 'glm-4.5'],
  [/glm-?4/, 'glm'],
  [/kimi-?k2/, 'kimi'],
  [/gemma-?4/, 'gemma4'],
  [/gemma/, 'gemma'],
  [/functionary/, 'functionary-v3.2'],
  [/llama-?4/, 'llama4'],
  [/llama-?3/, 'llama3'],
  [/llama-?2.*chat/, 'llama2'],
  [/granite/, 'granite'],
  [/seed-?oss/, 'seed-oss'],
  [/minimax-?m2/, 'minimax-m2'],
  [/nemotron-?nano-?(?:\d+b-?)?v2/, 'nemotron-v2'],
  [/apriel/, 'apriel'],
  [/phi-?4-?mini/, 'phi4-mini'],
  [/phi-?4/, 'phi4'],
  [/phi-?3/, 'phi'],
  [/exaone-?4/, 'exaone-4'],
  [/olmo-?2/, 'olmo2'],
  [/ernie-?4[._-]?5(?!.*thinking)/, 'ernie'],
  [/pygmalion|metharme/, 'metharme'],
  [/hunyuan-?a13b/, 'hunyuan'],
  [/apertus/, 'apertus'],
  [/command-?[ra]|c4ai/, 'command-r'],
  [/mistral-?nemo|nemo-?instruct/, 'mistral-tekken'],
  [/magistral|devstral|mistral-?small-?3|mistral-?small-?24b/, 'mistral-v7'],
  [/mistral|mixtral/, 'mistral'],
  [/vicuna/, 'vicuna'],
  [/alpaca/, 'alpaca'],
];

/** The built-in template the model name points to, if it names a family with one. */
export function suggestInstructTemplate(model: string): InstructTemplateChoice | undefined {
  const name = model.toLowerCase();
  const value = TEMPLATE_BY_MODEL.find(([pattern]) => pattern.test(name))?.[1];
  return INSTRUCT_TEMPLATE_CHOICES.find((choice) => choice.value === value);
}

/** Other names the templates go by (after case and punctuation are dropped). */
const ALIASES: Readonly<Record<string, string>> = {
  phi3: 'phi',
  glm4: 'glm',
  glm46: 'glm45',
  tekken: 'mistraltekken',
  vicuna11: 'vicuna',
  qwq: 'chatmlthink',
  deepseekv32: 'deepseekv31',
  deepseekv32think: 'deepseekv31think',
  kimik2: 'kimi',
  gptoss: 'harmony',
  functionary: 'functionaryv32',
  seed: 'seedoss',
  minimax: 'minimaxm2',
  nemotronnanov2: 'nemotronv2',
  pygmalion: 'metharme',
  ernie45: 'ernie',
  hunyuana13b: 'hunyuan',
  llama2chat: 'llama2',
};

/**
 * The registry key a template name stands for: case and punctuation do not matter (`Llama-3` is `llama3`), and an
 * alias is its template's key.
 */
export function instructTemplateKey(name: string): string {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : key;
}

/**
 * The template the model name points to, where the connection's saved one (`current`; empty is the default,
 * ChatML) is another: what the Connections form and the chat offer.
 */
export function templateToOffer(model: string, current: string): InstructTemplateChoice | undefined {
  const suggestion = suggestInstructTemplate(model);
  if (!suggestion) return undefined;
  return instructTemplateKey(suggestion.value) === instructTemplateKey(current || 'chatml')
    ? undefined
    : suggestion;
}
