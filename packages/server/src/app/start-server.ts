import type { FastifyInstance } from 'fastify';
import { checkConfig, loadConfig, type ServerConfig } from '../config/config.js';
import { type AppDeps, buildApp } from './build-app.js';

/** How long in-flight requests get to finish after a shutdown signal before connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface StartedServer {
  app: FastifyInstance;
  url: string;
  /** stops accepting, lets in-flight requests finish (long work is aborted), closes the database */
  close(): Promise<void>;
}

export interface StartServerOptions {
  config?: ServerConfig;
  deps?: AppDeps;
  /** install SIGINT/SIGTERM handlers (the CLI does; tests do not) */
  handleSignals?: boolean;
}

/** Loads the configuration, builds the app and listens; the CLI's `start`. */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const config = options.config ?? loadConfig();
  checkConfig(config);
  const app = await buildApp(config, options.deps);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Release the database and sandbox workers so a failed start (e.g. port in use) exits instead of hanging.
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `Port ${config.port} on ${config.host} is already in use. Stop the other server or set PORT.`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Cut whatever is still open after the grace period so shutdown always completes.
      const timer = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      timer.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(timer);
      }
    })();
    return closing;
  };

  if (options.handleSignals) {
    const onSignal = (signal: NodeJS.Signals) => {
      if (closing) {
        app.log.warn({ signal }, 'second signal: exiting now');
        process.exit(1);
      }
      app.log.info({ signal }, 'shutting down');
      close().then(
        () => {
          process.exitCode = 0;
        },
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exitCode = 1;
        },
      );
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  return { app, url, close };
}
