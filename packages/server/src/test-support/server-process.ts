import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from './temp-dir.js';

const BIN = fileURLToPath(new URL('../bin/toolsmith.ts', import.meta.url));
const ALIASES = fileURLToPath(new URL('./source-aliases.mjs', import.meta.url));

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** everything the server printed, for failure messages */
  output(): string;
  /** JSON over real HTTP, with the CSRF header */
  request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** SIGKILL (a frozen server cannot shut down gracefully) and wait for the exit */
  kill(): Promise<void>;
  /** kill, then remove the data directory */
  close(): Promise<void>;
}

/**
 * The server from source (`toolsmith start`) in its own process, on port 0 with a fresh DATA_DIR (or the
 * given one): for tests where a fault could freeze the process — the test runner must stay free to
 * measure and to stop it.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<ServerProcess> {
  const temp = dataDir ? { dir: dataDir, remove: () => {} } : makeTempDir();
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', ALIASES, BIN, 'start'],
    {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: temp.dir, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Toolsmith is listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return {
    url,
    dataDir: temp.dir,
    output: () => output,
    async request(method, path, body) {
      const response = await fetch(url + path, {
        method,
        headers: {
          'x-toolsmith-request': '1',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const json =
        (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
      return { status: response.status, body: json };
    },
    kill,
    async close() {
      await kill();
      temp.remove();
    },
  };
}
