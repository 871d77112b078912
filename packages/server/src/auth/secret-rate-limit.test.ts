// Issue 9 item 7: 3,000 wrong admin-secret guesses went through in 0.5 s. Failed checks are now limited per
// client: after 10 distinct wrong secrets in a minute the client gets 429 with Retry-After — even for the right secret,
// so a blocked client cannot tell a right guess from a wrong one. Remote clients arrive through a trusted proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { SECRET_FAILURES_ALLOWED } from './secret-guard.js';

const SECRET = 'rate-limited-secret-1';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_SECRET: SECRET, TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => server.close());

const from = (ip: string, secret?: string) => ({
  'x-forwarded-for': ip,
  ...(secret === undefined ? {} : { 'x-admin-secret': secret }),
});

describe('failed admin-secret checks are rate limited per client', () => {
  it('answers 429 with Retry-After after the allowed failures, for every secret, and only for that client', async () => {
    for (let i = 0; i < SECRET_FAILURES_ALLOWED; i++) {
      const res = await server.request('GET', '/api/chats', undefined, from('198.51.100.1', `guess-${i}`));
      expect(res.status).toBe(401);
    }
    const blocked = await server.request('GET', '/api/chats', undefined, from('198.51.100.1', 'guess-x'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('admin_secret_rate_limited');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(blocked.body.error).toContain(`${retryAfter}`);

    // the right secret does not get through while blocked: no oracle for guesses
    const right = await server.request('GET', '/api/chats', undefined, from('198.51.100.1', SECRET));
    expect(right.status).toBe(429);
    // the gateway shares the count
    const gateway = await server.request('GET', '/v1/models', undefined, {
      'x-forwarded-for': '198.51.100.1',
      authorization: `Bearer ${SECRET}`,
    });
    expect([gateway.status, gateway.body.error.type]).toEqual([429, 'rate_limit_error']);

    // other clients, and health, are not affected
    expect((await server.request('GET', '/api/chats', undefined, from('198.51.100.2', SECRET))).status).toBe(
      200,
    );
    expect((await server.request('GET', '/api/health', undefined, from('198.51.100.1'))).status).toBe(200);
  });

  it('a burst of wrong guesses gets at most the allowed number of answers that are not 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        server.request('GET', '/api/tools', undefined, from('198.51.100.3', `burst-${i}`)),
      ),
    );
    const notLimited = answers.filter((a) => a.status !== 429);
    expect(notLimited.length).toBeLessThanOrEqual(SECRET_FAILURES_ALLOWED);
    expect(notLimited.every((a) => a.status === 401)).toBe(true);
  });

  it('the same wrong secret sent again (a tab with a typo, its requests in parallel) counts once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 * SECRET_FAILURES_ALLOWED }, () =>
        server.request('GET', '/api/chats', undefined, from('198.51.100.5', 'typo-of-the-secret')),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 401));
    expect((await server.request('GET', '/api/chats', undefined, from('198.51.100.5', SECRET))).status).toBe(
      200,
    );
  });

  it('a missing secret is not a guess and does not count', async () => {
    for (let i = 0; i < SECRET_FAILURES_ALLOWED + 5; i++) {
      expect((await server.request('GET', '/api/chats', undefined, from('198.51.100.4'))).status).toBe(401);
    }
    expect((await server.request('GET', '/api/chats', undefined, from('198.51.100.4', SECRET))).status).toBe(
      200,
    );
  });
});
