// POST /api/connections/instruct-preview through the real server: a built-in or user-defined instruct template
// rendered for the sample chat, exactly as text-completion requests are built; a broken one is a 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('instruct template preview', () => {
  it('renders a built-in template and a custom one for the sample chat', async () => {
    const chatml = await server.request('POST', '/api/connections/instruct-preview', {
      instructTemplate: 'chatml',
    });
    expect(chatml.status).toBe(200);
    expect(chatml.body).toEqual({
      prompt:
        '<|im_start|>system\nYou are Ayla, the lighthouse keeper.<|im_end|>\n<|im_start|>user\nIs a storm coming?<|im_end|>\n<|im_start|>assistant\nThe gulls flew inland this morning.<|im_end|>\n<|im_start|>user\nShould I stay?<|im_end|>\n<|im_start|>assistant\n',
      stop: ['<|im_end|>', '<|im_start|>'],
    });
    const custom = await server.request('POST', '/api/connections/instruct-preview', {
      instructTemplate: JSON.stringify({
        systemPrefix: '[SYS] ',
        systemSuffix: '\n',
        userPrefix: 'Q: ',
        userSuffix: '\n',
        assistantPrefix: 'A: ',
        assistantSuffix: '\n',
        stop: ['Q:'],
      }),
    });
    expect(custom.body).toEqual({
      prompt:
        '[SYS] You are Ayla, the lighthouse keeper.\nQ: Is a storm coming?\nA: The gulls flew inland this morning.\nQ: Should I stay?\nA: ',
      stop: ['Q:'],
    });
  });

  it('a broken template or an unknown name is a 400 naming instructTemplate', async () => {
    for (const instructTemplate of ['{"userPrefix":"Q: "}', '{nope', 'not-a-template']) {
      const res = await server.request('POST', '/api/connections/instruct-preview', { instructTemplate });
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe('instructTemplate');
    }
    const bad = await server.request('POST', '/api/connections/instruct-preview', { instructTemplate: 3 });
    expect(bad.status).toBe(400);
  });
});
