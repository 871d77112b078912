export type GenerateTaskErrorCode =
  | 'aborted'
  | 'network'
  | 'auth_missing'
  | 'rate_limit'
  | 'invalid_input'
  | 'unsupported_api'
  | 'tool_call_parse'
  | 'json_schema_violation'
  | 'no_response'
  | 'unknown';

export interface GenerateTaskErrorDetails {
  status?: number;
  retryAfterMs?: number;
  rawArgs?: string;
  errors?: unknown;
  [key: string]: unknown;
}

/** Marks instances so `isGenerateTaskError` works across duplicated copies of the package. */
const BRAND = Symbol.for('toolsmith.GenerateTaskError');

export class GenerateTaskError extends Error {
  readonly code: GenerateTaskErrorCode;
  readonly details: GenerateTaskErrorDetails;
  readonly [BRAND] = true;

  constructor(
    code: GenerateTaskErrorCode,
    message: string,
    options: { cause?: unknown; details?: GenerateTaskErrorDetails } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GenerateTaskError';
    this.code = code;
    this.details = options.details ?? {};
  }
}

export function isGenerateTaskError(e: unknown): e is GenerateTaskError {
  return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[BRAND] === true;
}
