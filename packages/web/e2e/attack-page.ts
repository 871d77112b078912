// A hostile page for browser security tests: a tiny HTTP server on loopback that serves one HTML page, so
// Chromium runs the attacker's script from an origin other than Toolsmith's (another port, or a made-up name
// mapped to 127.0.0.1 with --host-resolver-rules). Traffic stays on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AttackPage {
  /** http://127.0.0.1:PORT — add a path; every path serves the same page */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves `html` on every path. */
export async function startAttackPage(html: string): Promise<AttackPage> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
