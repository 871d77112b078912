import { isGenerateTaskError } from '@toolsmith/core';
import type { FastifyError } from 'fastify';
import { HttpError } from '../app/http-error.js';

/** OpenAI's error object, as every OpenAI client parses it. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; code: string | null; param: string | null };
}

/** An error the gateway answers with in OpenAI's shape and the given status. */
export class GatewayError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly type: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
    /** extra response headers (Retry-After) */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  body(): OpenAIErrorBody {
    return { error: { message: this.message, type: this.type, code: this.code, param: this.param } };
  }
}

export const invalidRequest = (message: string, param: string | null = null, code: string | null = null) =>
  new GatewayError(400, message, 'invalid_request_error', code, param);

/** OpenAI's `type` for a status, for errors that did not choose one. */
function typeForStatus(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/**
 * Any failure as a GatewayError. Provider failures keep their meaning, but an upstream that refused the
 * server's own key is a 502 (the client's credentials for this gateway were fine), not a 401.
 */
export function toGatewayError(error: unknown, connectionName?: string): GatewayError {
  if (error instanceof GatewayError) return error;
  const upstream = connectionName ? `the "${connectionName}" connection's provider` : 'the provider';
  if (isGenerateTaskError(error)) {
    const status = typeof error.details.status === 'number' ? error.details.status : undefined;
    const statusText = status ? ` (HTTP ${status})` : '';
    switch (error.code) {
      case 'invalid_input':
        return invalidRequest(error.message, null, 'invalid_input');
      case 'unsupported_api':
        return invalidRequest(error.message, 'model', 'unsupported_api');
      case 'rate_limit': {
        const headers: Record<string, string> = {};
        const after = error.details.retryAfterMs;
        if (typeof after === 'number' && after > 0) headers['retry-after'] = String(Math.ceil(after / 1000));
        return new GatewayError(
          429,
          `Rate limited by ${upstream}: ${error.message}`,
          'rate_limit_error',
          'rate_limit',
          null,
          headers,
        );
      }
      case 'auth_missing':
        return new GatewayError(
          502,
          `${upstream} refused the connection's API key${statusText}: ${error.message} Fix the key in the connection settings.`,
          'upstream_error',
          'upstream_auth',
        );
      case 'aborted':
        return new GatewayError(503, 'The request was aborted.', 'server_error', 'aborted');
      case 'unknown':
        return new GatewayError(
          502,
          `${upstream} failed${statusText}: ${error.message}`,
          'upstream_error',
          'unknown',
        );
      default:
        // network, no_response, tool_call_parse, json_schema_violation: the upstream's answer was unusable
        return new GatewayError(
          502,
          `${upstream} failed${statusText}: ${error.message}`,
          'upstream_error',
          error.code,
        );
    }
  }
  if (error instanceof HttpError) {
    return new GatewayError(
      error.statusCode,
      error.message,
      typeForStatus(error.statusCode),
      error.extra.code ?? null,
      error.extra.details?.[0]?.field ?? null,
      error.headers,
    );
  }
  const fastifyError = error as FastifyError;
  if (fastifyError?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new GatewayError(
      413,
      'The request body is larger than the server accepts (BODY_LIMIT).',
      'invalid_request_error',
      'body_too_large',
    );
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new GatewayError(status, fastifyError.message, typeForStatus(status), fastifyError.code ?? null);
  }
  return new GatewayError(500, 'Internal server error; the server log has the details.', 'server_error');
}
