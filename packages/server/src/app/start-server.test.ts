import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.js';
import { makeTempDir } from '../test-support/temp-dir.js';
import { startServer } from './start-server.js';

describe('startServer', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());

  it('refuses a non-loopback HOST without ADMIN_SECRET even for a config built in code', async () => {
    const config = { ...parseConfig({ DATA_DIR: temp.dir, LOG_LEVEL: 'silent' }), host: '0.0.0.0' };
    await expect(startServer({ config })).rejects.toThrow(/ADMIN_SECRET is required/);
  });

  it('a port in use is reported clearly (the half-started app is closed first)', async () => {
    const config = parseConfig({
      DATA_DIR: temp.dir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      CUSTOM_TOOL_SCRIPT_ENABLED: 'true',
    });
    const first = await startServer({ config });
    const port = Number(new URL(first.url).port);
    await expect(startServer({ config: { ...config, port } })).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is already in use. Stop the other server or set PORT.`,
    );
    await first.close();
  });

  it('on close: stops accepting, aborts in-flight tool runs cleanly, then closes the database', async () => {
    // A webhook that never answers, so the dry-run is in flight when shutdown starts.
    let arrived!: () => void;
    const hookReached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const hook = createServer(() => arrived());
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/slow`;

    const config = parseConfig({
      DATA_DIR: temp.dir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      WEBHOOK_LOCAL_URLS_ENABLED: 'true',
    });
    const server = await startServer({ config });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const inFlight = fetch(`${server.url}/api/tools/dry-run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
      body: JSON.stringify({ kind: 'webhook', webhookUrl: hookUrl, args: {} }),
    });
    await hookReached;
    const closed = server.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: false, code: 'aborted' });
    await closed;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    await expect(server.app.toolsmith.storage.tools.list()).rejects.toThrow(/not open/);
    hook.closeAllConnections();
    await new Promise((resolve) => hook.close(resolve));
  });
});
