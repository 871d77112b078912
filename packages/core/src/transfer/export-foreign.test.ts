import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../tools/types.js';
import { exportLukerPreset, LUKER_LOOP_FORMAT, lukerCardExtension } from './export-luker.js';
import { exportMarinaraFunction, exportMarinaraZip } from './export-marinara.js';
import { candidatesFromJson } from './formats.js';
import { readToolImportFile } from './import-file.js';

const base = { includeHiddenContext: false, enabled: true } as const;
const params = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };

/** Tools that Marinara can hold entirely: lowercase names, short descriptions, the mode Marinara implies. */
const marinaraFit: ToolDefinition[] = [
  {
    ...base,
    name: 'store_hours',
    description: 'Opening hours.',
    parameters: params,
    mode: 'read',
    kind: 'static',
    staticResult: 'Open 9-5',
  },
  {
    ...base,
    name: 'lookup',
    description: 'Looks up.',
    parameters: params,
    mode: 'write',
    kind: 'webhook',
    webhookUrl: 'https://hooks.example.com/x',
    includeHiddenContext: true,
    enabled: false,
  },
  {
    ...base,
    name: 'roll',
    description: 'Rolls a die.',
    parameters: { type: 'object', properties: {} },
    mode: 'write',
    kind: 'script',
    body: 'return 4;',
  },
  {
    ...base,
    name: 'long_text',
    description: 'A long static text.',
    parameters: params,
    mode: 'read',
    kind: 'static',
    staticResult: 'x'.repeat(2500),
  },
];

// Marinara Engine's published rules for a custom function (its createCustomToolSchema and transfer config)
function marinaraProblems(config: Record<string, unknown>): string[] {
  const out: string[] = [];
  const name = config.name;
  if (typeof name !== 'string' || !/^[a-z][a-z0-9_]*$/.test(name) || name.length > 100)
    out.push(`name ${String(name)}`);
  const d = config.description;
  if (typeof d !== 'string' || d.length < 1 || d.length > 500) out.push('description');
  if (!['webhook', 'static', 'script'].includes(config.executionType as string)) out.push('executionType');
  const url = config.webhookUrl;
  if (url !== null) {
    try {
      new URL(url as string);
    } catch {
      out.push('webhookUrl');
    }
  }
  for (const key of ['staticResult', 'scriptBody'] as const)
    if (key in config && config[key] !== null && typeof config[key] !== 'string') out.push(key);
  if (typeof config.enabled !== 'boolean' || typeof config.includeHiddenContext !== 'boolean')
    out.push('flags');
  return out;
}

function unzipText(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(zip)).map(([k, v]) => [k, strFromU8(v)]));
}

describe('export for Marinara Engine', () => {
  it('writes the function-folder ZIP Marinara reads: root manifest, one manifest per tool, its files', () => {
    const { file, notes } = exportMarinaraZip(marinaraFit, new Date('2026-01-02T03:04:05Z'));
    expect(notes).toEqual([]);
    const files = unzipText(file);
    const root = JSON.parse(files['marinara-functions.json']);
    expect(root).toMatchObject({
      kind: 'marinara.function-folder',
      version: 1,
      folderName: 'Function Calls',
      exportedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(root.functions.map((f: { path: string }) => f.path)).toEqual([
      'Function Calls/store_hours/manifest.json',
      'Function Calls/lookup/manifest.json',
      'Function Calls/roll/manifest.json',
      'Function Calls/long_text/manifest.json',
    ]);
    for (const entry of root.functions) {
      expect(JSON.parse(files[entry.path])).toEqual(entry.manifest);
      expect(entry.manifest).toMatchObject({ kind: 'marinara.function', version: 1 });
      expect(marinaraProblems(entry.manifest.config)).toEqual([]);
    }
    expect(files['Function Calls/roll/script.js']).toBe('return 4;');
    expect(JSON.parse(files['Function Calls/lookup/parameters.schema.json'])).toEqual(params);
    expect(files['Function Calls/long_text/static-result.txt']).toBe('x'.repeat(2500));
    expect(root.functions[3].manifest.config).toMatchObject({
      staticResult: null,
      staticResultPath: 'static-result.txt',
    });
  });

  it('round-trips through Toolsmith import without loss for what Marinara holds', () => {
    const back = readToolImportFile(exportMarinaraZip(marinaraFit).file);
    expect(back.map((c) => c.format)).toEqual(['marinara', 'marinara', 'marinara', 'marinara']);
    expect(back.map((c) => c.tool)).toEqual(marinaraFit);
  });

  it('makes names and descriptions fit Marinara and lists every change', () => {
    const tools: ToolDefinition[] = [
      {
        ...base,
        name: 'GetWeather',
        displayName: 'Weather',
        description: 'w'.repeat(600),
        parameters: params,
        mode: 'read',
        kind: 'static',
        staticResult: '',
      },
      {
        ...base,
        name: 'getweather',
        description: '',
        parameters: params,
        mode: 'read',
        kind: 'static',
        staticResult: '',
      },
      {
        ...base,
        name: 'Tally',
        description: 'Counts.',
        parameters: params,
        mode: 'read',
        kind: 'script',
        body: 'return 1;',
        simulateBody: 'return 0;',
        allowFetch: true,
      },
    ];
    const { file, notes } = exportMarinaraZip(tools);
    const root = JSON.parse(unzipText(file)['marinara-functions.json']);
    const configs = root.functions.map(
      (f: { manifest: { config: Record<string, unknown> } }) => f.manifest.config,
    );
    for (const config of configs) expect(marinaraProblems(config)).toEqual([]);
    expect(configs.map((c: { name: string }) => c.name)).toEqual(['getweather', 'getweather_2', 'tally']);
    expect(configs[0].description).toHaveLength(500);
    expect(configs[1].description).toBe('getweather');
    expect(notes.map((n) => `${n.tool}.${n.field}`)).toEqual([
      'GetWeather.name',
      'GetWeather.description',
      'GetWeather.displayName',
      'getweather.name',
      'getweather.description',
      'Tally.name',
      'Tally.mode',
      'Tally.simulateBody',
      'Tally.allowFetch',
    ]);
    expect(notes[0].message).toContain('Renamed to getweather');
    expect(notes[1].message).toContain('cut to 500 characters (from 600)');
    expect(notes[6].message).toContain('comes back into Toolsmith as write');
  });

  it('writes one tool as Marinara’s single-function JSON with every config field', () => {
    const { file } = exportMarinaraFunction(marinaraFit[1]);
    expect(file).toEqual({
      kind: 'marinara.function',
      version: 1,
      config: {
        name: 'lookup',
        description: 'Looks up.',
        parametersSchema: params,
        executionType: 'webhook',
        webhookUrl: 'https://hooks.example.com/x',
        staticResult: null,
        scriptBody: null,
        includeHiddenContext: true,
        enabled: false,
      },
    });
    expect(candidatesFromJson(file).map((c) => c.tool)).toEqual([marinaraFit[1]]);
  });
});

const lukerFit: ToolDefinition[] = [
  {
    ...base,
    name: 'track_gold',
    displayName: 'Gold',
    description: 'Tracks gold.',
    parameters: params,
    mode: 'write',
    kind: 'script',
    body: 'return ctx.chat.length;',
    simulateBody: 'return 0;',
  },
  {
    ...base,
    name: 'roll_check',
    description: 'Rolls.',
    parameters: { type: 'object', properties: {} },
    mode: 'read',
    kind: 'script',
    body: 'return 4;',
    enabled: false,
  },
];

describe('export for Luker', () => {
  it('writes a V4 loop preset: customTools with Luker’s fields, switches in tools.custom', () => {
    const { file, notes } = exportLukerPreset(lukerFit, {
      name: 'Mine',
      now: new Date('2026-01-02T00:00:00Z'),
      systemPrompt: 'Direct.',
      limits: { maxRounds: 7, wallClockBudgetMs: 9000 },
    });
    expect(notes).toEqual([]);
    expect(file).toMatchObject({
      format: LUKER_LOOP_FORMAT,
      mode: 'loop',
      name: 'Mine',
      exportedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(file.profile).toMatchObject({
      mode: 'loop',
      system_prompt: 'Direct.',
      max_rounds: 7,
      wall_clock_budget_ms: 9000,
      tools: { custom: { track_gold: true, roll_check: false } },
    });
    for (const t of file.profile.customTools) {
      expect(Object.keys(t).sort()).toEqual([
        'body',
        'description',
        'displayName',
        'mode',
        'name',
        'parameters',
        'simulateBody',
      ]);
      for (const key of ['name', 'displayName', 'description', 'body', 'simulateBody'] as const)
        expect(typeof t[key]).toBe('string');
      expect(['read', 'write']).toContain(t.mode);
    }
  });

  it('round-trips through Toolsmith import with Luker’s switches (a tool off stays off)', () => {
    const back = candidatesFromJson(JSON.parse(JSON.stringify(exportLukerPreset(lukerFit).file)));
    expect(back.map((c) => c.format)).toEqual(['luker', 'luker']);
    expect(back.map((c) => c.tool)).toEqual(lukerFit);
  });

  it('turns static tools into scripts returning their text, leaves webhooks out, and says so', () => {
    const tools: ToolDefinition[] = [
      {
        ...base,
        name: 'hours',
        description: 'Hours.',
        parameters: params,
        mode: 'read',
        kind: 'static',
        staticResult: 'Open "9-5"',
      },
      {
        ...base,
        name: 'hook',
        description: 'Hook.',
        parameters: params,
        mode: 'read',
        kind: 'webhook',
        webhookUrl: 'https://x.example/h',
        includeHiddenContext: true,
      },
      {
        ...base,
        name: 'peek',
        description: 'Peeks.',
        parameters: params,
        mode: 'read',
        kind: 'script',
        body: 'return 1;',
        includeHiddenContext: true,
        allowFetch: true,
      },
    ];
    const { file, notes } = exportLukerPreset(tools);
    expect(file.profile.customTools.map((t) => t.name)).toEqual(['hours', 'peek']);
    expect(file.profile.customTools[0].body).toBe('return "Open \\"9-5\\"";');
    expect(notes.map((n) => `${n.tool}.${n.field}`)).toEqual([
      'hours.kind',
      'hook.kind',
      'peek.includeHiddenContext',
      'peek.allowFetch',
    ]);
    expect(notes[1].message).toBe('Luker has no webhook tools: this tool is left out of the file.');
    const back = candidatesFromJson(file).map((c) => c.tool);
    expect(back[0]).toMatchObject({ name: 'hours', kind: 'script', body: 'return "Open \\"9-5\\"";' });
  });

  it('puts the same preset in a card’s orchestrator extension, active for the loop mode', () => {
    const { file } = lukerCardExtension(lukerFit, { name: 'Ava', switches: { track_gold: false } });
    expect(file).toMatchObject({ activePresetIds: { loop: 'toolsmith' }, overrideEnabled: { loop: true } });
    const back = candidatesFromJson({ data: { extensions: { orchestrator: file } } });
    expect(back.map((c) => [c.tool.name, c.tool.enabled])).toEqual([
      ['track_gold', false],
      ['roll_check', false],
    ]);
  });
});
