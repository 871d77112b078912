export * from './adapter.js';
export {
  OpenAIChunkReader,
  reasoningText as openaiReasoningText,
  toUsage as openaiUsageToUsage,
} from './chunk-reader.js';
export { OpenAIEventStream } from './event-stream.js';
export * from './profile.js';
export * from './request.js';
export { replayOpenAIResponse } from './response.js';
export { streamPayloadError as openaiStreamPayloadError } from './stream-error.js';
export * from './tool-call-accumulator.js';
