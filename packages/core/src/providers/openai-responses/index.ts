export { openaiResponsesAdapter } from './adapter.js';
export { buildResponsesBody, type ResponsesInputItem, toResponsesInput } from './request.js';
export { ResponsesStreamReader, responsesUsage } from './stream-reader.js';
