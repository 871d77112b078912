// The setup most route tests share: the provider emulator and a test server on port 0, with a connection
// pointing the server at the emulator, and chats seeded with messages. Real HTTP both ways.
import { createSandbox, type Sandbox } from '@toolsmith/core';
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppDeps } from '../app/build-app.js';
import { startTestServer, type TestServer } from './test-server.js';

export interface EmulatedServer {
  server: TestServer;
  emulator: Emulator;
  /** the connection to the emulator's OpenAI-compatible endpoint (absent with `connection: false`) */
  connectionId: string;
  /** the server's own sandbox when started with `sandbox: true` */
  sandbox?: Sandbox;
  /** closes the server, then the sandbox, then the emulator */
  close(): Promise<void>;
}

export interface EmulatedServerOptions {
  env?: Record<string, string>;
  deps?: AppDeps;
  /** a one-slot sandbox of the test's own, passed to the server and closed with it */
  sandbox?: boolean;
  /** fields that differ from the default connection, or false for none */
  connection?: Record<string, unknown> | false;
}

export async function startEmulatedServer(options: EmulatedServerOptions = {}): Promise<EmulatedServer> {
  const emulator = await createEmulator();
  const sandbox = options.sandbox ? createSandbox({ poolSize: 1 }) : undefined;
  const server = await startTestServer(options.env, { ...options.deps, ...(sandbox ? { sandbox } : {}) });
  const connectionId =
    options.connection === false ? '' : await createEmulatorConnection(server, emulator, options.connection);
  return {
    server,
    emulator,
    connectionId,
    sandbox,
    async close() {
      await server.close();
      await sandbox?.close();
      await emulator.close();
    },
  };
}

/** POST /api/connections for the emulator's OpenAI-compatible endpoint (model `m`); the new connection's id. */
export async function createEmulatorConnection(
  server: TestServer,
  emulator: Emulator,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const created = await server.request('POST', '/api/connections', {
    name: 'emu',
    api: 'openai',
    baseUrl: `${emulator.url}/v1`,
    model: 'm',
    ...fields,
  });
  if (created.status !== 201) {
    throw new Error(`creating the emulator connection: ${created.status} ${JSON.stringify(created.body)}`);
  }
  return created.body.id as string;
}

export interface SeededChat {
  connectionId?: string;
  title?: string;
  settings?: Record<string, unknown>;
  /** stored in order before the test runs, straight into storage (no generation) */
  messages?: Array<{ role: 'user' | 'assistant'; content: string }>;
}

/** POST /api/chats, then the given messages appended; the new chat's id. */
export async function createSeededChat(server: TestServer, chat: SeededChat = {}): Promise<string> {
  const { messages = [], title = 'c', ...rest } = chat;
  const created = await server.request('POST', '/api/chats', { title, ...rest });
  if (created.status !== 201) {
    throw new Error(`creating the chat: ${created.status} ${JSON.stringify(created.body)}`);
  }
  const chatId = created.body.id as string;
  for (const message of messages) await server.app.toolsmith.storage.messages.append(chatId, message);
  return chatId;
}

/**
 * One emulated server for a test file: started before its tests, closed after them, the emulator cleared before
 * each test. Call the result to reach it.
 */
export function emulatedServerPerFile(options: EmulatedServerOptions = {}): () => EmulatedServer {
  let setup: EmulatedServer | undefined;
  beforeAll(async () => {
    setup = await startEmulatedServer(options);
  });
  afterAll(async () => {
    await setup?.close();
  });
  beforeEach(() => setup?.emulator.reset());
  return () => {
    if (!setup) throw new Error('the emulated server starts in beforeAll');
    return setup;
  };
}
