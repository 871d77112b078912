export { textBackendFor, textCompletionAdapter } from './adapter.js';
export { koboldcppBackend } from './backends/koboldcpp.js';
export { llamacppBackend } from './backends/llamacpp.js';
export { ollamaBackend } from './backends/ollama.js';
export { openaiCompletionsBackend } from './backends/openai-completions.js';
export type { TextBackend, TextBackendInput, TextPiece } from './backends/types.js';
export { applyStopStrings, StopStringFilter } from './stop-filter.js';
export {
  alpacaTemplate,
  buildInstructPrompt,
  chatmlTemplate,
  getInstructTemplate,
  type InstructSequences,
  type InstructTemplate,
  type InstructTurn,
  instructTemplates,
  llama3Template,
  mistralTemplate,
  parseCustomTemplate,
  rawTemplate,
  sequenceTemplate,
  toInstructTurns,
} from './templates.js';
