import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { reservedToolNames, suggestToolRename } from '../tools/reserved-names.js';
import type { ToolDefinition } from '../tools/types.js';
import { exportToolJson, exportToolsZip } from './export.js';
import { readToolImportFile } from './import-file.js';
import { planToolImport, webhookOrigin } from './import-plan.js';
import { TransferError } from './limits.js';
import { readZipSafely } from './zip-reader.js';

const staticTool: ToolDefinition = {
  name: 'store_hours',
  displayName: 'Store hours',
  description: 'Opening hours of the store.',
  parameters: { type: 'object', properties: { day: { type: 'string', enum: ['mon', 'tue'] } } },
  mode: 'read',
  kind: 'static',
  staticResult: 'Open 9–5',
  includeHiddenContext: false,
  enabled: true,
};
const webhookTool: ToolDefinition = {
  name: 'lookup',
  description: 'Looks a thing up.',
  parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  mode: 'read',
  kind: 'webhook',
  webhookUrl: 'https://user:secret@hooks.example.com:8443/path/x?token=abc',
  includeHiddenContext: true,
  enabled: true,
};
const scriptTool: ToolDefinition = {
  name: 'add_item',
  description: 'Adds an item to the inventory.',
  parameters: { type: 'object', properties: { item: { type: 'string' } } },
  mode: 'write',
  kind: 'script',
  body: 'return { added: args.item };',
  simulateBody: 'return { wouldAdd: args.item };',
  includeHiddenContext: false,
  enabled: true,
};

const bytes = (value: unknown) => strToU8(JSON.stringify(value));

function refusal(fn: () => unknown): TransferError {
  try {
    fn();
  } catch (error) {
    if (error instanceof TransferError) return error;
    throw error;
  }
  throw new Error('expected a TransferError');
}

describe('export and import round trip', () => {
  it('a ZIP export reads back to the same definitions', () => {
    const zip = exportToolsZip([staticTool, webhookTool, scriptTool]);
    const entries = readZipSafely(zip)
      .map((e) => e.path)
      .sort();
    expect(entries).toEqual([
      'tools/add_item/parameters.schema.json',
      'tools/add_item/script.js',
      'tools/add_item/simulate.js',
      'tools/add_item/tool.json',
      'tools/lookup/parameters.schema.json',
      'tools/lookup/tool.json',
      'tools/store_hours/parameters.schema.json',
      'tools/store_hours/tool.json',
      'toolsmith-tools.json',
    ]);
    const back = readToolImportFile(zip).map((c) => c.tool);
    expect(back).toEqual([staticTool, webhookTool, scriptTool]);
  });

  it('a single-tool JSON export reads back', () => {
    const back = readToolImportFile(bytes(exportToolJson(scriptTool)));
    expect(back).toEqual([{ tool: scriptTool, format: 'toolsmith' }]);
  });
});

describe('foreign formats', () => {
  it("reads Marinara's marinara-functions.json with inline configs", () => {
    const doc = {
      kind: 'marinara.function-folder',
      version: 1,
      functions: [
        {
          path: 'Function Calls/roll/manifest.json',
          manifest: {
            kind: 'marinara.function',
            version: 1,
            config: {
              name: 'roll_fate',
              description: 'Roll fate dice',
              parametersSchema: '{"type":"object","properties":{"n":{"type":"integer"}}}',
              executionType: 'script',
              scriptBody: 'return 4;',
              includeHiddenContext: true,
              enabled: true,
            },
          },
        },
        {
          name: 'greeting',
          description: 'Say hi',
          executionType: 'static',
          staticResult: 'hi',
          enabled: 'false',
        },
      ],
    };
    const [a, b] = readToolImportFile(bytes(doc));
    expect(a.format).toBe('marinara');
    expect(a.tool).toMatchObject({
      name: 'roll_fate',
      kind: 'script',
      mode: 'write',
      body: 'return 4;',
      parameters: { type: 'object', properties: { n: { type: 'integer' } } },
      includeHiddenContext: true,
    });
    expect(b.tool).toMatchObject({ name: 'greeting', kind: 'static', staticResult: 'hi', enabled: false });
  });

  it("reads Marinara's function-folder ZIP with files next to each manifest", () => {
    const manifest = {
      kind: 'marinara.function',
      version: 1,
      config: {
        name: 'weather',
        description: 'Weather for a city',
        parametersSchemaPath: 'parameters.schema.json',
        executionType: 'webhook',
        webhookUrl: 'https://api.example.org/weather',
        enabled: true,
      },
    };
    const longText = {
      kind: 'marinara.function',
      version: 1,
      config: {
        name: 'lore',
        description: 'Lore',
        executionType: 'static',
        staticResultPath: 'static-result.txt',
      },
    };
    const zip = zipSync({
      'marinara-functions.json': bytes({
        kind: 'marinara.function-folder',
        functions: [
          { path: 'Function Calls/weather/manifest.json', manifest },
          { path: 'Function Calls/lore/manifest.json', manifest: longText },
        ],
      }),
      'Function Calls/weather/manifest.json': bytes(manifest),
      'Function Calls/weather/parameters.schema.json': bytes({
        type: 'object',
        properties: { city: { type: 'string' } },
      }),
      'Function Calls/lore/manifest.json': bytes(longText),
      'Function Calls/lore/static-result.txt': strToU8('A long tale.'),
    });
    const tools = readToolImportFile(zip).map((c) => c.tool);
    expect(tools[0]).toMatchObject({
      name: 'weather',
      kind: 'webhook',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    });
    expect(tools[1]).toMatchObject({ name: 'lore', kind: 'static', staticResult: 'A long tale.' });
  });

  it('reads Luker customTools from anywhere in a profile', () => {
    const profile = {
      presetLibraries: {
        loop: {
          p1: { customTools: [{ name: 'note_it', description: 'Note', mode: 'read', body: 'return 1;' }] },
        },
        spec: {
          p2: {
            spec: {
              customTools: [
                { name: 'mutate', description: 'M', body: 'return 2;', simulateBody: 'return 0;' },
              ],
            },
          },
        },
      },
    };
    const tools = readToolImportFile(bytes(profile)).map((c) => c.tool);
    expect(tools).toEqual([
      expect.objectContaining({ name: 'note_it', kind: 'script', mode: 'read', body: 'return 1;' }),
      expect.objectContaining({ name: 'mutate', kind: 'script', mode: 'write', simulateBody: 'return 0;' }),
    ]);
  });
});

describe('import safety plan', () => {
  it('stores webhook and script tools disabled with hidden context off, and lists them for review', () => {
    const plan = planToolImport(
      [staticTool, webhookTool, scriptTool].map((tool) => ({ tool, format: 'toolsmith' as const })),
    );
    expect(plan.tools.map((t) => [t.name, t.enabled, t.includeHiddenContext])).toEqual([
      ['store_hours', true, false],
      ['lookup', false, false],
      ['add_item', false, false],
    ]);
    expect(plan.review).toEqual([
      {
        name: 'lookup',
        kind: 'webhook',
        origin: 'https://hooks.example.com:8443',
        requestedEnabled: true,
        requestedHiddenContext: true,
        requestedFetch: false,
      },
      {
        name: 'add_item',
        kind: 'script',
        origin: null,
        requestedEnabled: true,
        requestedHiddenContext: false,
        requestedFetch: false,
      },
    ]);
    expect(JSON.stringify(plan.review)).not.toMatch(/secret|token|path/);
  });

  it('skips collisions, duplicates in the file, natives and invalid tools with the reason; renames reserved names', () => {
    const bad = { ...staticTool, name: '9bad' };
    const plan = planToolImport(
      [
        staticTool,
        { ...scriptTool },
        { ...scriptTool },
        { ...staticTool, name: 'roll_dice' },
        bad,
        { ...staticTool, name: 'n1', kind: 'native' as const },
      ].map((tool) => ({ tool, format: 'toolsmith' as const })),
      { existingNames: ['store_hours'], reservedNames: ['roll_dice'] },
    );
    expect(plan.tools.map((t) => t.name)).toEqual(['add_item', 'roll_dice_custom']);
    expect(plan.renamed).toEqual([
      {
        from: 'roll_dice',
        to: 'roll_dice_custom',
        reason:
          '"roll_dice" is a reserved built-in tool name. Imported as "roll_dice_custom"; rename it in the editor if you prefer another name.',
      },
    ]);
    expect(plan.skipped).toEqual([
      { name: 'store_hours', reason: 'A tool named "store_hours" already exists.' },
      { name: 'add_item', reason: 'The file holds more than one tool named "add_item"; the first was kept.' },
      { name: '9bad', reason: expect.stringContaining('Tool name must start with a letter') },
      { name: 'n1', reason: expect.stringContaining('Native tools') },
    ]);
  });

  it('renames a reserved name to one that is free in the store, the file and the reserved list', () => {
    const plan = planToolImport(
      [
        { ...staticTool, name: 'web_search' },
        { ...staticTool, name: 'web_search_custom' },
        { ...staticTool, name: 'spotify_play' },
        { ...staticTool, name: 'spotify_play', description: 'second copy' },
      ].map((tool) => ({ tool, format: 'marinara' as const })),
      {
        existingNames: ['web_search_custom_2'],
        reservedNames: reservedToolNames(['get_current_time']),
      },
    );
    expect(plan.renamed.map((r) => [r.from, r.to])).toEqual([
      ['web_search', 'web_search_custom_3'],
      ['spotify_play', 'spotify_play_custom'],
      ['spotify_play', 'spotify_play_custom_2'],
    ]);
    expect(plan.tools.map((t) => t.name)).toEqual([
      'web_search_custom_3',
      'web_search_custom',
      'spotify_play_custom',
      'spotify_play_custom_2',
    ]);
    expect(suggestToolRename('a'.repeat(64), () => false)).toBe(`${'a'.repeat(57)}_custom`);
  });

  it('origin keeps scheme, host and port only', () => {
    expect(webhookOrigin('https://a:b@x.example:444/p?q=1#h')).toBe('https://x.example:444');
    expect(webhookOrigin('not a url')).toBeNull();
  });
});

describe('refusals', () => {
  it('refuses files that are not tools', () => {
    expect(refusal(() => readToolImportFile(new Uint8Array())).message).toBe('The file is empty.');
    expect(refusal(() => readToolImportFile(strToU8('{oops'))).message).toMatch(/not valid JSON/);
    expect(refusal(() => readToolImportFile(bytes({ hello: 1 }))).message).toMatch(/No tools found/);
    expect(refusal(() => readToolImportFile(bytes([1]))).message).toMatch(/must be a JSON object/);
  });

  it('refuses a ZIP bomb by what it inflates to, not by what its headers claim', () => {
    const zeros = new Uint8Array(30 * 1024 * 1024);
    const bomb = zipSync({ 'a.json': zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const error = refusal(() => readToolImportFile(bomb));
    expect(error.status).toBe(413);
  });

  it('refuses an entry over 1 MiB and more than 1,000 entries', () => {
    const big = new Uint8Array(1024 * 1024 + 1).fill(32);
    expect(refusal(() => readZipSafely(zipSync({ 'a.json': big }, { level: 0 }))).message).toMatch(
      /larger than 1 MiB/,
    );
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 1001; i++) many[`f${i}.json`] = strToU8('{}');
    expect(refusal(() => readZipSafely(zipSync(many, { level: 0 }))).message).toMatch(
      /more than 1000 entries/,
    );
  });

  it('refuses traversal and absolute entry names', () => {
    expect(refusal(() => readZipSafely(zipSync({ '../evil.json': strToU8('{}') }))).message).toMatch(
      /outside the archive/,
    );
    expect(refusal(() => readZipSafely(zipSync({ '/etc/evil.json': strToU8('{}') }))).message).toMatch(
      /absolute path/,
    );
    expect(refusal(() => readZipSafely(zipSync({ 'a\\..\\..\\evil.json': strToU8('{}') }))).message).toMatch(
      /outside the archive/,
    );
  });

  it('refuses an archive over 10 MiB before reading it, and garbage that only starts like a ZIP', () => {
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set([0x50, 0x4b, 0x03, 0x04]);
    expect(refusal(() => readZipSafely(huge)).status).toBe(413);
    const garbage = new Uint8Array(64);
    garbage.set([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]);
    expect(() => readToolImportFile(garbage)).toThrow(TransferError);
  });
});
