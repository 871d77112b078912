export { type GatewayOptions, gatewayRoutes } from './gateway-routes.js';
export {
  type GatewayChatRequest,
  parseChatRequest,
  splitModel,
  toCanonicalMessages,
} from './chat-request.js';
export { GatewayError, type OpenAIErrorBody, toGatewayError } from './openai-errors.js';
export { assertGatewayAuth } from './gateway-auth.js';
