export * from './decode-args.js';
export * from './history.js';
export { NativeContentFilter, type NativeContentOptions } from './native-content.js';
export * from './parser-types.js';
export * from './prompt.js';
export {
  openReasoningTag,
  reasoningTagsProblem,
  replyOpenReasoning,
  templateOpenReasoning,
} from './reasoning-tags.js';
export { type ProtocolStyle, type RenderableCall, renderCalls, toCdata } from './render-calls.js';
export * from './retry.js';
export * from './text-parser.js';
export * from './tool-call-formats.js';
export { exampleArguments, listParameters, type ParameterLine, renderToolGuide } from './tool-guide.js';
export * from './trigger.js';
