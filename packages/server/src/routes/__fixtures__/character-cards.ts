// Cards for the character routes' tests: tools in every place a card can carry them.

import { join } from 'node:path';
import type { ToolDefinition } from '@toolsmith/core';
import Database from 'better-sqlite3';
import { DATABASE_FILE_NAME } from '../../storage/index.js';
import type { TestServer } from '../../test-support/test-server.js';

export const scriptTool: ToolDefinition = {
  name: 'track_mood',
  displayName: 'Track mood',
  description: 'Records the character mood.',
  parameters: { type: 'object', properties: { mood: { type: 'string' } }, required: ['mood'] },
  mode: 'write',
  kind: 'script',
  body: 'return "mood " + args.mood;',
  simulateBody: 'return "would set " + args.mood;',
  includeHiddenContext: true,
  enabled: true,
};

export const webhookTool: ToolDefinition = {
  name: 'post_diary',
  description: 'Posts a diary entry.',
  parameters: { type: 'object', properties: { text: { type: 'string' } } },
  mode: 'write',
  kind: 'webhook',
  webhookUrl: 'https://user:pw@hooks.example.com:8443/diary/secret-path?token=abc',
  includeHiddenContext: false,
  enabled: true,
};

export const staticTool: ToolDefinition = {
  name: 'house_rules',
  description: 'The house rules.',
  parameters: { type: 'object', properties: {} },
  mode: 'read',
  kind: 'static',
  staticResult: 'No running in the halls.',
  includeHiddenContext: false,
  enabled: true,
};

export const characterBook = {
  name: 'Ayla lore',
  entries: [
    { keys: ['lighthouse'], content: 'The lighthouse is old.', enabled: true, insertion_order: 100 },
    { keys: ['storm'], content: 'Storms come from the west.', enabled: true, insertion_order: 90 },
  ],
};

/** A V2 card (JSON document) with the given Toolsmith tools, a lorebook and Luker settings. */
export function v2Card(options: { tools?: ToolDefinition[]; lukerTools?: unknown[] } = {}) {
  const extensions: Record<string, unknown> = { talkativeness: '0.5', other_app: { kept: [1, 2] } };
  if (options.tools) extensions.toolsmith = { version: 1, tools: options.tools };
  if (options.lukerTools)
    extensions.orchestrator = { profile: { customTools: options.lukerTools }, mode: 'spec' };
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Ayla',
      description: 'A lighthouse keeper. 灯台守',
      personality: 'calm',
      scenario: 'A stormy night.',
      first_mes: 'Welcome in, {{user}}.',
      mes_example: '<START>\n{{char}}: Hello.',
      creator_notes: 'Made for tests.',
      system_prompt: 'Speak softly.',
      post_history_instructions: 'Stay in character.',
      alternate_greetings: ['Oh, a visitor!'],
      character_book: characterBook,
      tags: ['fantasy', 'calm'],
      creator: 'tester',
      character_version: '1.2',
      extensions,
    },
  };
}

/** A Luker orchestrator custom tool (script body, its own field names). */
export const lukerTool = {
  name: 'luker_weather',
  description: 'Tells the weather.',
  parameters: { type: 'object', properties: {} },
  mode: 'read',
  body: 'return "rainy";',
  enabled: true,
};

/** Raw bytes to the import route (TestServer.request only sends JSON). */
export async function uploadCard(
  server: TestServer,
  bytes: Uint8Array | string,
  contentType: string,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/api/characters/import`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-toolsmith-request': '1' },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Raw bytes from a GET (exports). */
export async function download(server: TestServer, path: string) {
  const response = await fetch(server.url + path);
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Every row of every table (names sorted), read through a second connection to the server's database. */
export function dumpDatabase(server: TestServer): Record<string, unknown[]> {
  const db = new Database(join(server.dataDir, DATABASE_FILE_NAME), { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all();
    return Object.fromEntries(tables.map((t) => [t.name, db.prepare(`SELECT * FROM "${t.name}"`).all()]));
  } finally {
    db.close();
  }
}
