import type { FastifyInstance, FastifyReply } from 'fastify';
import { maskUrlCredentials } from './url-credentials.js';

/** Fields that hold URLs people put credentials in: tools' webhook URLs, connections' base URLs. */
const URL_FIELDS = new Set(['webhookUrl', 'baseUrl']);

const included = new WeakSet<FastifyReply>();

/** For an export the user asked to include secrets in: this answer is sent as it is. */
export function includeSecretsIn(reply: FastifyReply): void {
  included.add(reply);
}

/** A copy of `value` with every URL field masked; the same object when nothing needed masking. */
export function redactUrls<T>(value: T): T {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const redacted = redactUrls(item);
      if (redacted !== item) changed = true;
      return redacted;
    });
    return (changed ? out : value) as T;
  }
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const redacted =
      URL_FIELDS.has(key) && typeof item === 'string' ? maskUrlCredentials(item) : redactUrls(item);
    if (redacted !== item) {
      out ??= { ...(value as Record<string, unknown>) };
      out[key] = redacted;
    }
  }
  return (out ?? value) as T;
}

/**
 * Every JSON answer goes through here: URL credentials are stored and used, never returned (design.md,
 * "Security model"). One place, so a new route cannot forget it.
 */
export function registerSecretRedaction(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, reply, payload) =>
    included.has(reply) ? payload : redactUrls(payload),
  );
}
