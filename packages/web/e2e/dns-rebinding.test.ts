// Issue 9 item 1 in a real browser: a name re-pointed at 127.0.0.1 (here by Chromium's host resolver rules, so
// traffic stays on loopback) makes the attacker's page same-origin with the server. The Host allowlist refuses
// it before any route runs; a name listed in ALLOWED_HOSTS works as the deployment's own name.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, poll, type Stack, startStack, stopBrowserStack } from './harness.js';

let stack: Stack;
let browser: Browser;
let port: string;

beforeAll(async () => {
  stack = await startStack({ ALLOWED_HOSTS: 'toolsmith.test' });
  port = new URL(stack.serverUrl).port;
  browser = await launchBrowser(['--host-resolver-rules=MAP *.test 127.0.0.1']);
});
afterAll(() => stopBrowserStack(stack, browser));

describe('DNS rebinding from a real page', () => {
  it('a page on a rebound name gets 421 for the UI and every same-origin API call', async () => {
    const { page, context } = await newPage(browser, `http://rebind.test:${port}`);
    const landing = await page.goto('/');
    expect(landing?.status()).toBe(421);
    expect(await landing?.text()).toContain('ALLOWED_HOSTS');

    const results = await page.evaluate(async () => {
      const json = { 'content-type': 'application/json', 'x-toolsmith-request': '1' };
      const answers = await Promise.all([
        fetch('/api/chats'),
        fetch('/api/connections'),
        fetch('/api/tools', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'planted', description: 'x', kind: 'static' }),
        }),
      ]);
      return Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.text() })));
    });
    for (const result of results) {
      expect(result.status).toBe(421);
      expect(result.body).toContain('ALLOWED_HOSTS');
    }
    const tools = await (await fetch(`${stack.serverUrl}/api/tools`)).json();
    expect(tools.tools).toEqual([]);
    await context.close();
  });

  it('the name in ALLOWED_HOSTS loads the UI and can save', async () => {
    const { page, context } = await newPage(browser, `http://toolsmith.test:${port}`);
    const landing = await page.goto('/#/connections');
    expect(landing?.status()).toBe(200);
    await poll(() => page.getByText('No connections yet.', { exact: false }).isVisible()).toBe(true);
    const created = await page.evaluate(async () => {
      const r = await fetch('/api/presets', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
        body: JSON.stringify({ name: 'from the allowed name' }),
      });
      return r.status;
    });
    expect(created).toBe(201);
    await context.close();
  });
});
