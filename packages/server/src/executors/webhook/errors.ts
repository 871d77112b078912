/** Why a webhook call failed; the server maps these to tool errors and HTTP answers. */
export type WebhookErrorCode =
  | 'webhook_invalid_url'
  | 'webhook_blocked'
  | 'webhook_http_error'
  | 'webhook_too_large'
  | 'webhook_timeout'
  | 'webhook_aborted'
  | 'webhook_network';

export interface WebhookErrorDetails {
  /** HTTP status of a non-2xx answer */
  status?: number;
  /** the first characters of a non-2xx answer's body */
  bodyPreview?: string;
  /** the address that was refused, when the refusal is about an address */
  address?: string;
  /** the classifier's range name for a refused address (e.g. `loopback`, `metadata`) */
  range?: string;
}

/** A failed webhook call. Messages name the origin only: paths and queries often carry secrets. */
export class WebhookError extends Error {
  readonly code: WebhookErrorCode;
  readonly status?: number;
  readonly bodyPreview?: string;
  readonly address?: string;
  readonly range?: string;

  constructor(code: WebhookErrorCode, message: string, details: WebhookErrorDetails = {}, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    // Timeouts and aborts carry the standard names so callers that only look at `name` (as the core's tool
    // runner does) still classify them; `instanceof WebhookError` and `code` work for every kind.
    this.name =
      code === 'webhook_timeout'
        ? 'TimeoutError'
        : code === 'webhook_aborted'
          ? 'AbortError'
          : 'WebhookError';
    this.code = code;
    if (details.status !== undefined) this.status = details.status;
    if (details.bodyPreview !== undefined) this.bodyPreview = details.bodyPreview;
    if (details.address !== undefined) this.address = details.address;
    if (details.range !== undefined) this.range = details.range;
  }
}

export function isWebhookError(value: unknown): value is WebhookError {
  return value instanceof WebhookError;
}
