export { textCompletionAdapter, textBackendFor } from './adapter.js';
export {
  type InstructTemplate,
  type InstructTurn,
  alpacaTemplate,
  buildInstructPrompt,
  chatmlTemplate,
  getInstructTemplate,
  instructTemplates,
  llama3Template,
  mistralTemplate,
  toInstructTurns,
} from './templates.js';
export { StopStringFilter, applyStopStrings } from './stop-filter.js';
export type { TextBackend, TextBackendInput, TextPiece } from './backends/types.js';
export { koboldcppBackend } from './backends/koboldcpp.js';
export { openaiCompletionsBackend } from './backends/openai-completions.js';
export { ollamaBackend } from './backends/ollama.js';
