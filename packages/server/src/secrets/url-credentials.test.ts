import { describe, expect, it } from 'vitest';
import { containsMask, MASK, maskUrlCredentials } from './url-credentials.js';

describe('maskUrlCredentials', () => {
  it.each([
    ['https://me:hunter2@hooks.example.com/diary', `https://me:${MASK}@hooks.example.com/diary`],
    ['https://tok3n@hooks.example.com/x', `https://${MASK}@hooks.example.com/x`],
    [
      'https://hooks.example.com/x?token=abc&page=2&api_key=k1&Signature=s',
      `https://hooks.example.com/x?token=${MASK}&page=2&api_key=${MASK}&Signature=${MASK}`,
    ],
    ['https://hooks.example.com/x?id=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5', `https://hooks.example.com/x?id=${MASK}`],
    [
      'https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEfGhIjKlMnOpQrStUvWxYz01',
      `https://discord.com/api/webhooks/123456789012345678/${MASK}`,
    ],
    [
      'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
      'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
    ],
    [
      'https://hooks.slack.com/services/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',
      `https://hooks.slack.com/services/T0A1B2C3D/B0A1B2C3D/${MASK}`,
    ],
    ['https://example.com/hooks/my-webhook-2024-01/run', 'https://example.com/hooks/my-webhook-2024-01/run'],
    ['https://example.com/v1/chat#access_token=abc', `https://example.com/v1/chat#access_token=${MASK}`],
    ['http://127.0.0.1:5001/v1', 'http://127.0.0.1:5001/v1'],
    ['', ''],
    ['not a url', 'not a url'],
  ])('%s', (url, masked) => {
    expect(maskUrlCredentials(url)).toBe(masked);
  });

  it('is idempotent and marks what it hid', () => {
    const url = 'https://me:pw@h.example.com/?token=t';
    expect(maskUrlCredentials(maskUrlCredentials(url))).toBe(maskUrlCredentials(url));
    expect(containsMask(maskUrlCredentials(url))).toBe(true);
    expect(containsMask(url)).toBe(false);
  });
});
