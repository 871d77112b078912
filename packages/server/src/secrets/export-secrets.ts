import type { FastifyReply, FastifyRequest } from 'fastify';
import { validationError } from '../app/http-error.js';
import { includeSecretsIn, redactUrls } from './redact-answers.js';

export type ExportSecrets = 'redacted' | 'included';

/**
 * Exports leave credentials out unless the request says `?secrets=include` (a file travels further than an
 * answer). The answer says which it did: `X-Toolsmith-Secrets: redacted|included`, and the file itself.
 */
export function exportSecretsMode(request: FastifyRequest, reply: FastifyReply): ExportSecrets {
  const asked = (request.query as { secrets?: unknown } | undefined)?.secrets;
  if (asked !== undefined && asked !== 'include' && asked !== 'redact') {
    throw validationError([
      {
        field: 'secrets',
        message: 'secrets must be "include" (credentials kept in the file) or "redact" (the default).',
      },
    ]);
  }
  const mode: ExportSecrets = asked === 'include' ? 'included' : 'redacted';
  reply.header('X-Toolsmith-Secrets', mode);
  if (mode === 'included') includeSecretsIn(reply);
  return mode;
}

/** The value as the export writes it: URL credentials masked unless secrets are included. */
export function redactForExport<T>(value: T, mode: ExportSecrets): T {
  return mode === 'included' ? value : redactUrls(value);
}
