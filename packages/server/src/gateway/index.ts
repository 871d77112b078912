export { toCanonicalMessages } from './chat-messages.js';
export { type GatewayChatRequest, parseChatRequest, splitModel } from './chat-request.js';
export { assertGatewayAuth } from './gateway-auth.js';
export { type GatewayOptions, gatewayRoutes } from './gateway-routes.js';
export { GatewayError, type OpenAIErrorBody, toGatewayError } from './openai-errors.js';
