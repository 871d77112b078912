// Starts the real stack for browser tests: the provider emulator, the built server as its own process on a
// temporary data directory (port 0), and Debian's Chromium through playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverBin = join(repoRoot, 'packages/server/dist/bin/toolsmith.js');
export const screenshotDir = join(repoRoot, 'test-output/screenshots');

export interface Stack {
  serverUrl: string;
  emulator: Emulator;
  dataDir: string;
  /** everything the server printed, for failure messages */
  output: () => string;
  stop(): Promise<void>;
}

/** Starts emulator + server. `env` adds server settings (e.g. CUSTOM_TOOL_SCRIPT_ENABLED). */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const emulator = await createEmulator();
  const dataDir = mkdtempSync(join(tmpdir(), 'toolsmith-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverBin, 'start'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const serverUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (?:at|on) (https?:\/\/[^\s"',]+)/i.exec(output);
      if (match) resolve(match[1].replace(/\/$/, ''));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
    child.once('error', reject);
  });
  return {
    serverUrl,
    emulator,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await emulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background traffic);
 * `extraArgs` e.g. `--host-resolver-rules=MAP *.test 127.0.0.1` to reach the server under made-up names.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/** The server stack and Chromium a browser test file starts once (through `browserStackForFile`). */
export async function startBrowserStack(
  env: Record<string, string> = {},
  browserArgs: string[] = [],
): Promise<{ stack: Stack; browser: Browser }> {
  const stack = await startStack(env);
  const browser = await launchBrowser(browserArgs);
  return { stack, browser };
}

/** Closes what `startBrowserStack` started, browser first; either may be missing when the start failed. */
export async function stopBrowserStack(
  stack: Stack | undefined,
  browser: Browser | undefined,
): Promise<void> {
  await browser?.close();
  await stack?.stop();
}

/** What `browserStackForFile` gives a test file: read inside tests and hooks, once its beforeAll has run. */
export interface BrowserStack {
  readonly stack: Stack;
  readonly browser: Browser;
  /** a new browser context on the server at 1280×900, and its page */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Starts the stack and Chromium before the file's tests and stops them after (it registers both hooks, so call
 * it at the top of the file, before any beforeAll that uses them).
 */
export function browserStackForFile(
  env: Record<string, string> = {},
  browserArgs: string[] = [],
): BrowserStack {
  let started: { stack: Stack; browser: Browser } | undefined;
  beforeAll(async () => {
    started = await startBrowserStack(env, browserArgs);
  });
  afterAll(() => stopBrowserStack(started?.stack, started?.browser));
  const get = () => {
    if (!started)
      throw new Error('browserStackForFile: the stack is not started (read it inside a test or hook)');
    return started;
  };
  return {
    get stack() {
      return get().stack;
    },
    get browser() {
      return get().browser;
    },
    newPage: () => newPage(get().browser, get().stack.serverUrl),
  };
}

export async function newPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A chat's page in a new browser context at the given size, once its composer shows; the page's uncaught
 * errors are collected in `errors`, and `close` ends the context.
 */
export async function openChatPage(
  app: BrowserStack,
  chatId: string,
  viewport: { width: number; height: number },
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await app.browser.newContext({
    baseURL: app.stack.serverUrl,
    viewport: { width: viewport.width, height: viewport.height },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/#/chats/${encodeURIComponent(chatId)}`);
  await poll(() => page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
  return { page, errors, close: () => context.close() };
}

/** Saves a screenshot of a finished flow under test-output/screenshots. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Types a chat message and sends it with Enter, once Send is enabled: until the chat has loaded, and between a
 * stream's end and the stored history replacing the live view, the composer refuses to send (Send is disabled),
 * so an Enter pressed then would send nothing.
 */
export async function sendWithEnter(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await poll(() => page.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
  await input.press('Enter');
}

/** Posts to the server's API the way the UI does (CSRF header), for test setup. */
export async function apiPost<T = unknown>(stack: Stack, path: string, body: unknown): Promise<T> {
  const response = await fetch(stack.serverUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Waits until what `fn` reads from the page passes the assertion chained on it (vitest's expect.poll): every
 * 50 ms for up to 15 s by default — long enough for a loaded machine, and a passing check returns at once.
 */
export function poll<T>(fn: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}) {
  return expect.poll(fn, { timeout: 15_000, interval: 50, ...options });
}
