export { textBackendFor, textCompletionAdapter } from './adapter.js';
export { koboldcppBackend } from './backends/koboldcpp.js';
export { llamacppBackend } from './backends/llamacpp.js';
export { ollamaBackend } from './backends/ollama.js';
export { openaiCompletionsBackend } from './backends/openai-completions.js';
export type { TextBackend, TextBackendInput, TextPiece } from './backends/types.js';
export { parseCustomTemplate } from './custom-template.js';
export { type InstructSequences, sequenceTemplate } from './sequence-template.js';
export { applyStopStrings, StopStringFilter } from './stop-filter.js';
export {
  alpacaTemplate,
  buildInstructPrompt,
  chatmlTemplate,
  getInstructTemplate,
  type InstructTemplate,
  type InstructTurn,
  instructTemplates,
  llama3Template,
  mistralTemplate,
  rawTemplate,
  toInstructTurns,
  withReplyPrefix,
} from './templates.js';
