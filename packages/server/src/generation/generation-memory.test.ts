// Issue 9.6: heapUsed grew linearly with chat generations (one AbortController kept per generation through
// an AbortSignal.any composite on the server's shutdown signal and abort listeners never removed). 2,000
// generations through the real server must leave the heap, after garbage collection, where it was.
import v8 from 'node:v8';
import vm from 'node:vm';
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSeededChat,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const GENERATIONS = 2_000;
const WARM_UP = 200;
const CHATS = 40;
/** The leak kept ~11 KiB per generation (≈ 22 MiB for 2,000); a clean run stays well under this. */
const GROWTH_BOUND_BYTES = 6 * 1024 * 1024;

/** The GC function: `global.gc` when Node runs with --expose-gc, else the flag is set now. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** heapUsed after full collections (several: finalizers and weak references settle over more than one). */
async function settledHeap(gc: () => void): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

describe('chat generation memory', () => {
  let setup: EmulatedServer;
  let emulator: Emulator;
  let server: TestServer;
  let chatIds: string[];
  beforeAll(async () => {
    setup = await startEmulatedServer();
    ({ server, emulator } = setup);
    emulator.on('/v1/chat/completions', () =>
      openaiStream([
        openaiChunk({ role: 'assistant', content: 'Hi.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    chatIds = [];
    for (let i = 0; i < CHATS; i++) {
      chatIds.push(await createSeededChat(server, { connectionId: setup.connectionId, title: `c${i}` }));
    }
  });
  afterAll(() => setup?.close());

  /** `count` generations over HTTP, one chat per worker, each stream read to its end. */
  async function generate(count: number): Promise<void> {
    let next = 0;
    const worker = async (chatId: string) => {
      while (next < count) {
        next++;
        const response = await fetch(`${server.url}/api/chats/${chatId}/generate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
          body: JSON.stringify({ content: 'Hello' }),
        });
        const text = await response.text();
        if (!text.includes('event: finish'))
          throw new Error(`generation did not finish: ${text.slice(0, 300)}`);
      }
    };
    await Promise.all(chatIds.map(worker));
    emulator.requests.length = 0; // the emulator lives in this process too
  }

  it(`${GENERATIONS} generations leave the heap where it was (after GC)`, async () => {
    const gc = collector();
    await generate(WARM_UP);
    const before = await settledHeap(gc);
    await generate(GENERATIONS);
    const after = await settledHeap(gc);
    const growth = after - before;
    console.info(
      `heapUsed ${(before / 1048576).toFixed(1)} → ${(after / 1048576).toFixed(1)} MiB after ${GENERATIONS} generations`,
    );
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    expect(growth, `heapUsed ${mib(before)} → ${mib(after)}`).toBeLessThan(GROWTH_BOUND_BYTES);
  }, 300_000);
});
