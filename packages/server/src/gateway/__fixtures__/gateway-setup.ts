// Shared setup of the gateway tests: the provider emulator, a server with three connections and two
// stored tools, and the official openai client pointed at the gateway.
import { type Emulator, openaiCompletion, type RecordedRequest } from '@toolsmith/emulator';
import OpenAI from 'openai';
import type { ConnectionInput } from '../../storage/types.js';
import { startEmulatedServer } from '../../test-support/emulated-server.js';
import { storedTool } from '../../test-support/stored-tool.js';
import type { TestServer } from '../../test-support/test-server.js';

export const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
};

export const connection = (name: string, extra: Partial<ConnectionInput>): ConnectionInput => ({
  name,
  api: 'openai',
  baseUrl: '',
  model: 'gpt-emu',
  functionCalling: { enabled: true, mode: 'auto' },
  instructTemplate: '',
  textBackend: '',
  ...extra,
});

/** A non-streaming answer as the emulator scripts it. */
export const answer = (...args: Parameters<typeof openaiCompletion>) => ({ json: openaiCompletion(...args) });

export type Body = { model: string; stream?: boolean; messages: any[]; tools?: any[]; prompt?: string };
export const bodyOf = (r: RecordedRequest) => r.body as Body;

export const ask = [{ role: 'user' as const, content: 'What is the weather in Paris?' }];

export interface GatewayFixture {
  emulator: Emulator;
  server: TestServer;
  client: OpenAI;
}

/** Connections: `emu` (native OpenAI, with a key), `xml` (prompt_xml), `kobold` (KoboldCpp text completion). */
export async function setupGateway(): Promise<GatewayFixture> {
  const { emulator, server } = await startEmulatedServer({ connection: false });
  const connections = server.app.toolsmith.storage.connections;
  await connections.create(connection('emu', { baseUrl: `${emulator.url}/v1`, apiKey: 'sk-upstream' }));
  await connections.create(
    connection('xml', {
      baseUrl: `${emulator.url}/v1`,
      functionCalling: { enabled: true, mode: 'prompt_xml' },
    }),
  );
  await connections.create(
    connection('kobold', {
      api: 'text-completion',
      baseUrl: emulator.url,
      model: 'local',
      textBackend: 'koboldcpp',
      instructTemplate: 'chatml',
    }),
  );
  const tools = server.app.toolsmith.storage.tools;
  await tools.create(
    storedTool('store_hours', {
      description: 'Opening hours of the store.',
      parameters: { type: 'object', properties: { day: { type: 'string' } } },
      staticResult: 'Open 9-5',
    }),
  );
  // scripts are disabled on this server: an enabled script tool must not be offered
  await tools.create(
    storedTool('script_tool', {
      description: 'A script.',
      kind: 'script',
      body: 'return 1;',
      staticResult: '',
    }),
  );
  // retries off: every status the gateway answers is asserted as it arrives
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'not-needed-on-loopback', maxRetries: 0 });
  return { emulator, server, client };
}
