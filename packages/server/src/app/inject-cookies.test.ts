// Fastify's inject (light-my-request) runs on cookie@1.1.1 through the root package.json `overrides`: cookie@2
// declares Node >= 22 and made a fresh install on Node 20 warn EBADENGINE (issue 16.2). Cookies still work.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

describe('inject with cookies (cookie override)', () => {
  it('sends the cookies it is given', async () => {
    const app = Fastify();
    app.get('/echo', async (request) => ({ cookie: request.headers.cookie ?? null }));
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/echo',
        cookies: { theme: 'dark', lang: 'pl' },
      });
      expect(response.json()).toEqual({ cookie: 'theme=dark; lang=pl' });
    } finally {
      await app.close();
    }
  });
});
