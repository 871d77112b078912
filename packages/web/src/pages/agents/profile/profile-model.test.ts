import { describe, expect, it } from 'vitest';
import type { CatalogTool, ModeSwitches } from '../../../api/types';
import {
  modeOffers,
  nodeOffers,
  panelTools,
  parseProfileJson,
  removeSpecNode,
  renameSpecNode,
  toggleModeTool,
  toggleNodeTool,
  withDefaults,
} from './profile-model';

const catalog: CatalogTool[] = [
  { name: 'gate', description: 'g', mode: 'read', kind: 'static', enabled: true, group: 'custom' },
  { name: 'off_tool', description: 'o', mode: 'read', kind: 'static', enabled: false, group: 'custom' },
  { name: 'roll_dice', description: 'r', mode: 'read', kind: 'native', enabled: true, group: 'builtin' },
  { name: 'weather', description: 'w', mode: 'read', kind: 'native', enabled: true, group: 'extension' },
  {
    name: 'mood',
    description: 'm',
    mode: 'read',
    kind: 'static',
    enabled: true,
    group: 'character',
    character: { id: 'c1', name: 'Mira' },
  },
];
const profileTool = {
  name: 'gate',
  displayName: '',
  description: 'profile gate',
  parameters: { type: 'object', properties: {} },
  mode: 'read' as const,
  kind: 'static' as const,
  body: '',
  simulateBody: '',
  staticResult: 'x',
  webhookUrl: '',
  includeHiddenContext: false,
  enabled: true,
};

describe('profile editor model', () => {
  it('lists the profile tools first, shadowing a stored tool of the same name', () => {
    const tools = panelTools(catalog, [profileTool]);
    expect(tools.map((t) => [t.name, t.group, t.profile ?? false])).toEqual([
      ['gate', 'custom', true],
      ['off_tool', 'custom', false],
      ['roll_dice', 'builtin', false],
      ['weather', 'extension', false],
      ['mood', 'character', false],
    ]);
    expect(tools[0].description).toBe('profile gate');
    expect(tools[4].character).toBe('Mira');
  });

  it('a mode offers by per-tool switch, else by category (keeping the tool default)', () => {
    const [gate, off, dice, weather, mood] = panelTools(catalog, []);
    const switches: ModeSwitches = { custom: false, builtin: true, tools: { gate: true } };
    expect([gate, off, dice, weather, mood].map((t) => modeOffers(t, switches))).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
  });

  it('a mode checkbox writes a switch only where it differs from the category', () => {
    const [gate, , dice] = panelTools(catalog, []);
    const base: ModeSwitches = { custom: true, builtin: true };
    const off = toggleModeTool(base, dice, false);
    expect(off).toEqual({ custom: true, builtin: true, tools: { roll_dice: false } });
    expect(toggleModeTool(off, dice, true)).toEqual(base);
    expect(toggleModeTool({ custom: false, builtin: true }, gate, true)).toEqual({
      custom: false,
      builtin: true,
      tools: { gate: true },
    });
  });

  it('a node override shadows the mode and the pinned list either way, and is dropped when it matches', () => {
    const [gate, , dice] = panelTools(catalog, []);
    const switches: ModeSwitches = { custom: true, builtin: true, tools: { roll_dice: false } };
    expect(nodeOffers(dice, switches, [], undefined)).toBe(false);
    expect(nodeOffers(dice, switches, [], { roll_dice: true })).toBe(true);
    expect(nodeOffers(gate, switches, ['roll_dice'], undefined)).toBe(false);
    expect(nodeOffers(gate, switches, ['roll_dice'], { gate: true })).toBe(true);
    const on = toggleNodeTool(undefined, dice, true, false);
    expect(on).toEqual({ roll_dice: true });
    expect(toggleNodeTool(on, dice, false, false)).toBeUndefined();
  });

  it('renames and removes spec nodes with the inputs that name them', () => {
    const nodes = [
      { name: 'a', agent: { agentId: 'ag_1' }, inputs: [] },
      { name: 'b', agent: { agentId: 'ag_2' }, inputs: ['a'] },
    ];
    expect(renameSpecNode(nodes, 0, 'scout')[1].inputs).toEqual(['scout']);
    expect(renameSpecNode(nodes, 0, 'scout')[0].name).toBe('scout');
    expect(removeSpecNode(nodes, 0)).toEqual([{ name: 'b', agent: { agentId: 'ag_2' }, inputs: [] }]);
  });

  it('reads the JSON view: errors for bad JSON, defaults for missing parts', () => {
    expect(parseProfileJson('{ mode: ')).toMatchObject({ error: expect.stringContaining('not valid JSON') });
    expect(parseProfileJson('[]')).toEqual({ error: 'The profile must be a JSON object.' });
    const read = parseProfileJson('{"mode":"agenda"}');
    expect(read).toEqual({ profile: withDefaults({ mode: 'agenda' }) });
    if ('profile' in read) expect(read.profile.agenda).toMatchObject({ agents: [], items: [] });
  });
});
