import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttackPage, startAttackPage } from './attack-page.js';
import { apiPost, browserStackForFile, newPage } from './harness.js';

const KEY = 'sk-csrf-e2e-must-stay-home';
const app = browserStackForFile();
let attacker: AttackPage;
let connectionId: string;

beforeAll(async () => {
  const created = await apiPost<{ id: string }>(app.stack, '/api/connections', {
    name: 'victim',
    api: 'openai',
    baseUrl: `${app.stack.emulator.url}/v1`,
    model: 'gpt-4o-mini',
    apiKey: KEY,
  });
  connectionId = created.id;
  // no-cors POSTs need no preflight and may carry no body, so no body parser stands in the way
  attacker = await startAttackPage(`<!doctype html><title>attack</title><script>
    const target = ${JSON.stringify(app.stack.serverUrl)};
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
});

describe('CSRF check on encoded paths, from a real page', () => {
  it('a same-site page cannot run a connection test through /%61pi/…', async () => {
    const { page, context } = await newPage(app.browser, attacker.url);
    await page.goto('/');
    // the page cannot read the answers (Cross-Origin-Resource-Policy), but the requests are sent
    expect(await page.evaluate(() => (window as unknown as { attack: Promise<number> }).attack)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const leaked = app.stack.emulator.requests.filter((r) => JSON.stringify(r.headers).includes(KEY));
    expect(leaked).toEqual([]);
    await context.close();

    // control: the same test through the API with the CSRF header does reach the provider with the key
    app.stack.emulator.enqueue('/v1/chat/completions', { status: 401, json: { error: { message: 'no' } } });
    await apiPost(app.stack, `/api/connections/${connectionId}/test`, {});
    expect(app.stack.emulator.requests.some((r) => JSON.stringify(r.headers).includes(KEY))).toBe(true);
  });
});
