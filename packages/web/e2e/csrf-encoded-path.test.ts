// Issue 9 item 5 in a real browser: a page on another port of 127.0.0.1 (same site, another origin, so the
// browser marks it `Sec-Fetch-Site: same-site`) posts to `/%61pi/...` without the CSRF header. The server must
// refuse it as it refuses `/api/...`: no connection test runs, so the stored API key goes nowhere.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttackPage, startAttackPage } from './attack-page.js';
import { apiPost, newPage, type Stack, startBrowserStack, stopBrowserStack } from './harness.js';

const KEY = 'sk-csrf-e2e-must-stay-home';
let stack: Stack;
let browser: Browser;
let attacker: AttackPage;
let connectionId: string;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  const created = await apiPost<{ id: string }>(stack, '/api/connections', {
    name: 'victim',
    api: 'openai',
    baseUrl: `${stack.emulator.url}/v1`,
    model: 'gpt-4o-mini',
    apiKey: KEY,
  });
  connectionId = created.id;
  // no-cors POSTs need no preflight and may carry no body, so no body parser stands in the way
  attacker = await startAttackPage(`<!doctype html><title>attack</title><script>
    const target = ${JSON.stringify(stack.serverUrl)};
    const id = ${JSON.stringify(connectionId)};
    window.attack = Promise.allSettled([
      fetch(target + '/%61pi/connections/' + id + '/test', { method: 'POST', mode: 'no-cors' }),
      fetch(target + '/api/connections/' + id + '/%74est', { method: 'POST', mode: 'no-cors' }),
      fetch(target + '/api/connections/' + id + '/test', { method: 'POST', mode: 'no-cors' }),
    ]).then((results) => results.length);
  </script>`);
});
afterAll(async () => {
  await attacker?.close();
  await stopBrowserStack(stack, browser);
});

describe('CSRF check on encoded paths, from a real page', () => {
  it('a same-site page cannot run a connection test through /%61pi/…', async () => {
    const { page, context } = await newPage(browser, attacker.url);
    await page.goto('/');
    // the page cannot read the answers (Cross-Origin-Resource-Policy), but the requests are sent
    expect(await page.evaluate(() => (window as unknown as { attack: Promise<number> }).attack)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const leaked = stack.emulator.requests.filter((r) => JSON.stringify(r.headers).includes(KEY));
    expect(leaked).toEqual([]);
    await context.close();

    // control: the same test through the API with the CSRF header does reach the provider with the key
    stack.emulator.enqueue('/v1/chat/completions', { status: 401, json: { error: { message: 'no' } } });
    await apiPost(stack, `/api/connections/${connectionId}/test`, {});
    expect(stack.emulator.requests.some((r) => JSON.stringify(r.headers).includes(KEY))).toBe(true);
  });
});
