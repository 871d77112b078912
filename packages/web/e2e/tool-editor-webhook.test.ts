// A webhook tool tried from the editor against a local test server (local URLs enabled for the test): the dry
// run shows the server's JSON answer, and a 500 answer shows the error as the server reports it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile({ WEBHOOK_LOCAL_URLS_ENABLED: 'true' });
let hook: Server;
let hookUrl: string;
const received: unknown[] = [];

beforeAll(async () => {
  hook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(JSON.parse(body));
      if (request.url === '/fail') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('the shop database is down');
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 'shipped', eta: '2 days' }));
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => hook?.close(resolve));
});

describe('webhook tool dry run in a real browser', () => {
  it('shows the JSON answer, then a 500 answer as an error', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/functions/new');
    await page.getByLabel('Technical name').fill('order_status');
    await page.getByLabel('Description', { exact: true }).fill('Where an order is.');
    await page.getByRole('radio', { name: 'Webhook' }).check();
    await page.getByLabel('Webhook URL').fill(`${hookUrl}/orders`);
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByLabel('Parameter 1 name').fill('orderId');
    await page.getByLabel('Parameter 1 required').check();
    await poll(async () => JSON.parse(await page.getByLabel('Arguments (JSON)').inputValue())).toEqual({
      orderId: '',
    });
    await page.getByLabel('Arguments (JSON)').fill('{ "orderId": "A-17" }');
    await page.getByRole('button', { name: 'Run', exact: true }).click();

    const result = page.getByRole('region', { name: 'Dry-run result' });
    await poll(async () => (await result.locator('pre.result').textContent()) ?? '').toContain('shipped');
    expect(JSON.parse((await result.locator('pre.result').textContent()) ?? '')).toEqual({
      status: 'shipped',
      eta: '2 days',
    });
    expect(await result.getByRole('heading', { name: 'Result (JSON)' }).isVisible()).toBe(true);
    expect(received.at(-1)).toMatchObject({ tool: expect.any(String), arguments: { orderId: 'A-17' } });
    await screenshot(page, 'tool-editor-webhook-dry-run');

    await page.getByLabel('Webhook URL').fill(`${hookUrl}/fail`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => result.getByText('Failed', { exact: true }).isVisible()).toBe(true);
    const errorText = (await result.locator('pre.error').textContent()) ?? '';
    expect(errorText).toContain('500');
    expect(errorText).toContain('the shop database is down');
    expect(await result.getByText(/^Code: /).isVisible()).toBe(true);
    await context.close();
  });
});
