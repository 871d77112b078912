export {
  type AddressPolicyOptions,
  type AddressRange,
  type AddressVerdict,
  classifyAddress,
  type EmbeddingForm,
  isRangeAllowed,
} from './address-policy.js';
export {
  createPinnedAgentPool,
  DEFAULT_AGENT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_AGENTS,
  type PinnedAgentLease,
  type PinnedAgentPool,
  type PinnedAgentPoolOptions,
  poolKey,
} from './agent-pool.js';
export { isWebhookError, WebhookError, type WebhookErrorCode, type WebhookErrorDetails } from './errors.js';
export {
  type Connector,
  type ConnectTarget,
  createPinnedDispatcher,
  createPinnedLookup,
  type PinnedDispatcherOptions,
  type ResolvedAddress,
  type Resolver,
  systemResolve,
} from './pinned-connection.js';
export { discard, readCapped, readPreview } from './read-body.js';
export {
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_MAX_RESPONSE_BYTES,
  familyOf,
  resolveChecked,
  type SafeFetchOptions,
  type SafeResponse,
  safeFetch,
} from './safe-fetch.js';
export { checkWebhookUrl, isLocalName, type UrlCheck } from './url-policy.js';
export {
  type ClosableWebhookExecutor,
  createWebhookExecutor,
  parseAnswer,
  type WebhookCallOptions,
  type WebhookExecutor,
  type WebhookExecutorOptions,
  type WebhookPayload,
} from './webhook-executor.js';
