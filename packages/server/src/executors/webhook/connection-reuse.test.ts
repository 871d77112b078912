// Keep-alive reuse in the webhook executor, against loopback listeners: reuse must never outlive the check
// that pinned the connection (DNS rebinding), and every kept connection is closed on eviction and on close().
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ToolDefinition } from '@toolsmith/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeAllServers,
  fakeResolver,
  json,
  recordingConnector,
  startServer,
  type TestServer,
} from './__fixtures__/test-servers.js';
import { isWebhookError, type WebhookError } from './errors.js';
import { createWebhookExecutor } from './webhook-executor.js';

afterEach(closeAllServers);

const PUBLIC_A = '93.184.215.14';
const PUBLIC_B = '93.184.215.15';

function webhookTool(webhookUrl: string): ToolDefinition {
  return {
    name: 'lookup_weather',
    description: 'Weather',
    parameters: { type: 'object' },
    mode: 'read',
    kind: 'webhook',
    webhookUrl,
    enabled: true,
  };
}

async function failure(run: Promise<unknown>): Promise<WebhookError> {
  const error = await run.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  if (!isWebhookError(error)) throw error;
  return error;
}

/**
 * The server side of every connection a test server accepts, in order. The server advertises a long
 * keep-alive, so within a test only our own closing (never an idle timer) ends one of these connections.
 */
function acceptedSockets(server: TestServer): Socket[] {
  server.server.keepAliveTimeout = 60_000;
  const sockets: Socket[] = [];
  server.server.on('connection', (socket: Socket) => sockets.push(socket));
  return sockets;
}

/**
 * undici hands a keep-alive socket back one event-loop turn after a response completes (so a server that
 * closes despite keep-alive is noticed first); a call made in the same turn opens another connection. Tests
 * that count connections let that turn pass between calls, as any real gap between tool calls does.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const answerHost = (host: string) => (_req: unknown, res: ServerResponse) => json(res, { at: host });

describe('connection reuse', () => {
  it('sends sequential calls to one origin over one keep-alive connection', async () => {
    const server = await startServer(answerHost('a'));
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
    for (let i = 0; i < 3; i++) {
      expect(await execute(webhookTool(`${server.origin}/hook`), { i })).toEqual({ at: 'a' });
      await nextTurn();
    }
    expect(server.requests).toHaveLength(3);
    expect(server.connections).toBe(1);
    await execute.close();
  });

  it('opens a connection per call when reuse is off', async () => {
    const server = await startServer(answerHost('a'));
    const execute = createWebhookExecutor({
      localUrlsEnabled: true,
      timeoutMs: 2000,
      reuseConnections: false,
    });
    await execute(webhookTool(server.origin), {});
    await nextTurn();
    await execute(webhookTool(server.origin), {});
    expect(server.connections).toBe(2);
  });

  it('keeps separate connections for separate origins', async () => {
    const a = await startServer(answerHost('a'));
    const b = await startServer(answerHost('b'));
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
    for (let i = 0; i < 2; i++) {
      expect(await execute(webhookTool(a.origin), {})).toEqual({ at: 'a' });
      expect(await execute(webhookTool(b.origin), {})).toEqual({ at: 'b' });
      await nextTurn();
    }
    expect([a.connections, b.connections]).toEqual([1, 1]);
    await execute.close();
  });
});

describe('connection reuse under DNS rebinding', () => {
  it('resolves every call and never sends a call over a connection pinned to other addresses', async () => {
    const first = await startServer(answerHost('127.0.0.1'));
    // Same port, another loopback address: where a rebound name points.
    const second = await startServer(answerHost('127.0.0.2'), '127.0.0.2', first.port);
    const resolve = fakeResolver({
      'rebind.test': [['127.0.0.1'], ['127.0.0.2'], ['127.0.0.1'], ['127.0.0.2']],
    });
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000, resolve });
    const tool = webhookTool(`http://rebind.test:${first.port}/hook`);

    // Each call finds a live keep-alive connection to this origin, pinned to the other address.
    for (const expected of ['127.0.0.1', '127.0.0.2', '127.0.0.1', '127.0.0.2']) {
      expect(await execute(tool, {})).toEqual({ at: expected });
      await nextTurn();
    }

    expect(resolve.calls).toEqual(['rebind.test', 'rebind.test', 'rebind.test', 'rebind.test']);
    expect(first.requests).toHaveLength(2);
    expect(second.requests).toHaveLength(2);
    // Each address kept its own connection; neither carried the other's calls.
    expect([first.connections, second.connections]).toEqual([1, 1]);
    await execute.close();
  });

  it('refuses a rebound answer even while a checked connection to the same origin is open', async () => {
    const server = await startServer(answerHost('a'));
    const resolve = fakeResolver({
      'rebind.test': [['127.0.0.1'], ['127.0.0.1'], ['169.254.169.254']],
    });
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000, resolve });
    const tool = webhookTool(`http://rebind.test:${server.port}/`);
    await execute(tool, {});
    await nextTurn();
    await execute(tool, {});
    await nextTurn();
    const error = await failure(execute(tool, {}));
    expect(error).toMatchObject({ code: 'webhook_blocked', range: 'metadata' });
    expect(server.requests).toHaveLength(2);
    expect(server.connections).toBe(1);
    await execute.close();
  });

  it('dials a new pinned connection when a public name moves to another public address', async () => {
    const server = await startServer(answerHost('routed'));
    const resolve = fakeResolver({
      'hooks.example': [[PUBLIC_A], [PUBLIC_B], [PUBLIC_A], [PUBLIC_B, PUBLIC_A]],
    });
    // The connector routes the fake public name to the loopback server and records the pinned addresses.
    const connect = recordingConnector({ 'hooks.example': server.port });
    const execute = createWebhookExecutor({ localUrlsEnabled: false, timeoutMs: 2000, resolve, connect });
    const tool = webhookTool('https://hooks.example/run');
    for (let i = 0; i < 4; i++) {
      await execute(tool, {});
      await nextTurn();
    }
    expect(connect.calls.map((c) => c.addresses.map((a) => a.address))).toEqual([
      [PUBLIC_A],
      [PUBLIC_B],
      [PUBLIC_B, PUBLIC_A],
    ]);
    expect(server.requests).toHaveLength(4);
    await execute.close();
  });
});

describe('closing kept connections', () => {
  // A bound well under the keep-alive the servers advertise: a connection left open fails the test.
  const CLOSE_BOUND_MS = 10_000;

  it(
    'closes the least recently used origin’s connection when the pool is full',
    async () => {
      const a = await startServer(answerHost('a'));
      const b = await startServer(answerHost('b'));
      const aSockets = acceptedSockets(a);
      const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000, maxAgents: 1 });
      await execute(webhookTool(a.origin), {});
      expect(aSockets).toHaveLength(1);
      const aClosed = once(aSockets[0], 'close');
      await execute(webhookTool(b.origin), {});
      await nextTurn();
      // a's Agent was evicted: a comes back on a new connection, and the old one is closed.
      expect(await execute(webhookTool(a.origin), {})).toEqual({ at: 'a' });
      expect(a.connections).toBe(2);
      await aClosed;
      await execute.close();
    },
    CLOSE_BOUND_MS,
  );

  it('lets a call in flight on an evicted connection finish', async () => {
    let answerSlow: () => void = () => {};
    let received: () => void = () => {};
    const slowReceived = new Promise<void>((resolve) => {
      received = resolve;
    });
    const slow = await startServer((_req, res) => {
      answerSlow = () => json(res, { at: 'slow' });
      received();
    });
    const fast = await startServer(answerHost('fast'));
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 5000, maxAgents: 1 });
    const pending = execute(webhookTool(slow.origin), {});
    await slowReceived;
    expect(await execute(webhookTool(fast.origin), {})).toEqual({ at: 'fast' });
    answerSlow();
    expect(await pending).toEqual({ at: 'slow' });
    await execute.close();
  });

  it(
    'close() ends every kept connection and later calls fail without connecting',
    async () => {
      const a = await startServer(answerHost('a'));
      const b = await startServer(answerHost('b'));
      const aSockets = acceptedSockets(a);
      const bSockets = acceptedSockets(b);
      const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
      await execute(webhookTool(a.origin), {});
      await execute(webhookTool(b.origin), {});
      const closed = [once(aSockets[0], 'close'), once(bSockets[0], 'close')];
      await execute.close();
      await Promise.all(closed);

      const error = await failure(execute(webhookTool(a.origin), {}));
      expect(error.code).toBe('webhook_aborted');
      expect(error.message).toBe('The webhook executor is closed.');
      expect(a.connections).toBe(1);
    },
    CLOSE_BOUND_MS,
  );
});
