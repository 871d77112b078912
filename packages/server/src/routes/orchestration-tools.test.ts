// GET /api/orchestration/tools: what the profile editor's panels and pickers can name, in its groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from '../builtins/builtin-tools.js';
import { characterToolScope } from '../storage/types.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('GET /api/orchestration/tools', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        builtins: [
          ...BUILTIN_TOOLS,
          {
            name: 'weather_now',
            displayName: 'Weather now',
            description: 'An extension tool.',
            parameters: { type: 'object', properties: {} },
            mode: 'read',
            defaultEnabled: true,
            extension: 'weather-pack',
            run: () => 'sunny',
          },
        ],
      },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists custom, builtin (with the outcome tools), extension and character tools', async () => {
    await server.request('POST', '/api/tools', {
      name: 'gate_status',
      description: 'Is the gate open?',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'static',
      staticResult: 'closed',
      enabled: false,
    });
    const character = await server.request('POST', '/api/characters', { name: 'Mira' });
    await server.app.toolsmith.storage.tools.create(
      {
        name: 'mira_mood',
        displayName: '',
        description: "Mira's mood.",
        parameters: { type: 'object', properties: {} },
        mode: 'read',
        kind: 'static',
        body: '',
        simulateBody: '',
        staticResult: 'calm',
        webhookUrl: '',
        includeHiddenContext: false,
        enabled: true,
      },
      characterToolScope(character.body.id),
    );
    const res = await server.request('GET', '/api/orchestration/tools');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.tools.map((t: any) => [t.name, t]));
    expect(byName.gate_status).toMatchObject({ group: 'custom', kind: 'static', enabled: false });
    expect(byName.roll_dice).toMatchObject({ group: 'builtin', kind: 'native', enabled: true });
    expect(byName.orchestration_note).toMatchObject({
      group: 'builtin',
      origin: 'orchestration',
      mode: 'write',
    });
    expect(byName.weather_now).toMatchObject({ group: 'extension', extension: 'weather-pack' });
    expect(byName.mira_mood).toMatchObject({
      group: 'character',
      character: { id: character.body.id, name: 'Mira' },
    });
    expect(byName.delegate).toBeUndefined();
    expect(byName.agenda_assign).toBeUndefined();
    expect(res.body.reservedNames).toEqual(
      expect.arrayContaining(['roll_dice', 'weather_now', 'orchestration_note', 'delegate', 'agenda_assign']),
    );
  });
});
