// The app's own webhook executor keeps connections between calls and closes them when the app closes.
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';
import { closeAllServers, json, startServer } from './webhook/__fixtures__/test-servers.js';

afterEach(closeAllServers);

describe('webhook connections and app shutdown', () => {
  it('reuses one connection across dry-runs and closes it when the app closes', async () => {
    const hook = await startServer((req, res) => json(res, { echoed: JSON.parse(req.body).arguments }));
    // A long advertised keep-alive: within the test only the app's closing can end the connection.
    hook.server.keepAliveTimeout = 60_000;
    const sockets: Socket[] = [];
    hook.server.on('connection', (socket: Socket) => sockets.push(socket));
    const server = await startTestServer({ WEBHOOK_LOCAL_URLS_ENABLED: 'true' });
    let closed = false;
    try {
      for (const n of [1, 2]) {
        const res = await server.request('POST', '/api/tools/dry-run', {
          kind: 'webhook',
          webhookUrl: `${hook.origin}/hook`,
          args: { n },
        });
        expect(res.body).toMatchObject({ ok: true, result: { echoed: { n } } });
      }
      expect(hook.requests).toHaveLength(2);
      expect(sockets).toHaveLength(1);
      const socketClosed = once(sockets[0], 'close');
      await server.close();
      closed = true;
      await socketClosed;
      // The executor itself is closed, not just idle.
      const after = server.app.toolsmith.webhookExecutor(
        {
          name: 'late',
          description: 'After shutdown',
          parameters: { type: 'object' },
          mode: 'read',
          kind: 'webhook',
          webhookUrl: `${hook.origin}/hook`,
          enabled: true,
        },
        {},
      );
      await expect(after).rejects.toThrow('The webhook executor is closed.');
      expect(sockets).toHaveLength(1);
    } finally {
      if (!closed) await server.close();
    }
  }, 10_000);
});
