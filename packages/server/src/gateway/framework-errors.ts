import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError, toGatewayError } from './openai-errors.js';

/**
 * Errors Fastify and Node answer before any route runs — an unreadable HTTP request, a URL that does not
 * decode — in the shape of the API they were meant for: OpenAI's under `/v1` (the clients there parse
 * nothing else), `{ error, code }` elsewhere. Each is logged at warn: they are the client's fault, but
 * someone wiring up a client needs to see them.
 */

const isGatewayPath = (path: string) => path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1?');

/** The request target's path, origin-form or absolute-form, '' when unreadable. */
function pathOf(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    return new URL(target).pathname;
  } catch {
    return '';
  }
}

/** Fastify's `frameworkErrors` option: bad URL components (and the like) found by the router. */
export function frameworkErrorHandler(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const status = (error as { statusCode?: number }).statusCode ?? 400;
  const code = (error as { code?: string }).code ?? 'bad_request';
  const path = pathOf(request.raw.url ?? '');
  request.log.warn({ statusCode: status, code, url: request.raw.url }, `request refused: ${error.message}`);
  if (isGatewayPath(path)) {
    const gatewayError = toGatewayError(error);
    reply.code(gatewayError.statusCode).send(gatewayError.body());
    return;
  }
  reply.code(status).send({ error: error.message, code });
}

interface ClientError extends Error {
  code?: string;
  /** the bytes of the request Node could not parse (a Buffer) */
  rawPacket?: unknown;
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): a request that is not valid HTTP. The status and
 * closing behaviour are Fastify's default ones; the body names the problem in the API's own shape.
 */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger },
  error: ClientError,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 8192).toString('latin1') : '';
  const requestLine = /^[A-Z]+ (\S+)/.exec(raw);
  const path = pathOf(requestLine?.[1] ?? '');
  const message =
    status === 408
      ? 'The request did not arrive in time.'
      : status === 431
        ? 'The request headers are too large.'
        : `The request is not valid HTTP (${error.code ?? error.message}).`;
  this.log.warn({ statusCode: status, code: error.code, url: requestLine?.[1] }, `client error: ${message}`);
  const body = JSON.stringify(
    isGatewayPath(path)
      ? new GatewayError(status, message, 'invalid_request_error', 'bad_request').body()
      : { error: message, code: 'bad_request' },
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
