import type { Connection, ConnectionApi, FunctionCallMode } from '../providers/types.js';

/** A starting point for a new connection: where a well-known backend listens and how it takes tools. */
export interface ConnectionPreset {
  id: string;
  label: string;
  api: ConnectionApi;
  baseUrl: string;
  /** text-completion only */
  textBackend?: NonNullable<Connection['textBackend']>;
  /** a model to start with; empty = pick one with "Fetch models" (local servers serve what they loaded) */
  model: string;
  functionCalling: { enabled: boolean; mode: FunctionCallMode };
  /** whether the service needs an API key */
  apiKey: 'required' | 'none';
  /** runs on the user's machine (default port shown in baseUrl) */
  local: boolean;
  /** one line for newcomers: what to start, what to expect */
  notes: string;
}

/**
 * Presets for the backends newcomers arrive with. Tool calling: `auto` where it depends on the model
 * (native when the model's template has tools, else the text protocol — auto finds out and remembers),
 * `native` where the service supports tools on its chat models.
 */
export const CONNECTION_PRESETS: readonly ConnectionPreset[] = Object.freeze([
  {
    id: 'ollama',
    label: 'Ollama',
    api: 'openai',
    baseUrl: 'http://127.0.0.1:11434/v1',
    model: '',
    functionCalling: { enabled: true, mode: 'auto' },
    apiKey: 'none',
    local: true,
    notes:
      'Start Ollama and pull a model (ollama pull qwen3). Tool calling is native for models whose template has tools; auto uses the text protocol for the others.',
  },
  {
    id: 'lm-studio',
    label: 'LM Studio',
    api: 'openai',
    baseUrl: 'http://127.0.0.1:1234/v1',
    model: '',
    functionCalling: { enabled: true, mode: 'auto' },
    apiKey: 'none',
    local: true,
    notes: 'Start the local server in LM Studio (Developer tab) and load a model.',
  },
  {
    id: 'koboldcpp',
    label: 'KoboldCpp',
    api: 'text-completion',
    textBackend: 'koboldcpp',
    baseUrl: 'http://127.0.0.1:5001',
    model: '',
    functionCalling: { enabled: true, mode: 'auto' },
    apiKey: 'none',
    local: true,
    notes:
      'Text completion with an instruct template; tools go through the text protocol. Pick the template your model was trained on.',
  },
  {
    id: 'llama-cpp',
    label: 'llama.cpp server',
    api: 'openai',
    baseUrl: 'http://127.0.0.1:8080/v1',
    model: '',
    functionCalling: { enabled: true, mode: 'auto' },
    apiKey: 'none',
    local: true,
    notes: 'Start llama-server with --jinja for native tool calls; without it auto uses the text protocol.',
  },
  {
    id: 'vllm',
    label: 'vLLM',
    api: 'openai',
    baseUrl: 'http://127.0.0.1:8000/v1',
    model: '',
    functionCalling: { enabled: true, mode: 'auto' },
    apiKey: 'none',
    local: true,
    notes:
      'Native tool calls need --enable-auto-tool-choice and --tool-call-parser for your model; otherwise auto uses the text protocol.',
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    api: 'openai',
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'openai/gpt-4o-mini',
    functionCalling: { enabled: true, mode: 'auto' },
    apiKey: 'required',
    local: false,
    notes:
      'One key for many providers. Not every model has providers that take tools; auto falls back to the text protocol for those.',
  },
  {
    id: 'deepseek',
    label: 'DeepSeek',
    api: 'openai',
    baseUrl: 'https://api.deepseek.com/v1',
    model: 'deepseek-chat',
    functionCalling: { enabled: true, mode: 'native' },
    apiKey: 'required',
    local: false,
    notes: 'deepseek-chat and deepseek-reasoner (thinking mode) call tools natively.',
  },
  {
    id: 'mistral',
    label: 'Mistral',
    api: 'openai',
    baseUrl: 'https://api.mistral.ai/v1',
    model: 'mistral-small-latest',
    functionCalling: { enabled: true, mode: 'native' },
    apiKey: 'required',
    local: false,
    notes: 'La Plateforme API key. Native tool calls.',
  },
  {
    id: 'groq',
    label: 'Groq',
    api: 'openai',
    baseUrl: 'https://api.groq.com/openai/v1',
    model: 'llama-3.3-70b-versatile',
    functionCalling: { enabled: true, mode: 'native' },
    apiKey: 'required',
    local: false,
    notes: 'Fast hosted open models with native tool calls.',
  },
] satisfies ConnectionPreset[]);
