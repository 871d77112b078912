import { executeToolCall } from '@toolsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { loadToolRegistry } from './tool-registry.js';

describe('loadToolRegistry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('holds builtins with stored states and stored custom tools with theirs', async () => {
    await server.request('POST', '/api/tools', { name: 'on_tool', description: 'On.', staticResult: 'yes' });
    await server.request('POST', '/api/tools', { name: 'off_tool', description: 'Off.', enabled: false });
    await server.request('PUT', '/api/tools/builtin/roll_dice', { enabled: false });
    const registry = await loadToolRegistry(server.app.toolsmith);
    const enabled = registry
      .enabledTools()
      .map((t) => t.definition.name)
      .sort();
    expect(enabled).toEqual([
      'get_current_time',
      'get_variable',
      'lorebook_force_activate',
      'on_tool',
      'search_lorebook',
      'set_variable',
    ]);
    const result = await executeToolCall({ name: 'on_tool', args: {} }, { registry });
    expect(result).toMatchObject({ ok: true, result: 'yes' });
    const off = await executeToolCall({ name: 'off_tool', args: {} }, { registry });
    expect(off).toMatchObject({ ok: false, error: { code: 'disabled' } });
    const dice = await executeToolCall({ name: 'roll_dice', args: { count: 1, sides: 6 } }, { registry });
    expect(dice).toMatchObject({ ok: false, error: { code: 'disabled' } });
  });
});
