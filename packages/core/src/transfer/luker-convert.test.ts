import { describe, expect, it } from 'vitest';
import { parseOrchestrationProfile } from '../orchestration/profile.js';
import {
  lukerAgendaFile,
  lukerCardExtension,
  lukerDirectorFile,
  lukerLoopFile,
  lukerSpecFile,
} from './__fixtures__/luker-profiles.js';
import { candidatesFromJson, lukerCandidates } from './formats.js';
import { convertLukerProfile } from './luker-convert.js';

const enabledOf = (tools: Array<{ name: string; enabled: boolean }>) =>
  Object.fromEntries(tools.map((t) => [t.name, t.enabled]));

/** The converted parts are a valid profile once the rest is filled with defaults. */
function expectValid(parts: Record<string, unknown>) {
  const checked = parseOrchestrationProfile({ ...parts, tools: (parts.tools as object[]) ?? [] });
  expect(checked.ok ? [] : checked.errors).toEqual([]);
}

describe("Luker's tool switches, read from outside the tools", () => {
  it('V4 loop: tools.custom.NAME false is off, a missing switch is on (Luker is default-on)', () => {
    const converted = convertLukerProfile(lukerLoopFile)!;
    expect(converted.mode).toBe('loop');
    expect(enabledOf(converted.profile.tools)).toEqual({
      track_gold: true,
      roll_check: false,
      weather_lookup: true,
      mood_tag: true,
    });
    expect(converted.profile.modes.loop).toEqual({
      custom: true,
      builtin: true,
      tools: { roll_check: false, web_visit: false },
    });
    expect(converted.profile.loop?.agent.systemPrompt).toBe('You direct the scene. Track the party gold.');
    expect(converted.profile.limits).toEqual({ maxRounds: 12, wallClockBudgetMs: 120000 });
    expect(converted.profile.tools.find((t) => t.name === 'roll_check')?.parameters).toEqual({
      type: 'object',
      properties: {},
    });
    expectValid(converted.profile as never);
  });

  it('V4 through the tools importer: requested on/off follows the switches', () => {
    const candidates = candidatesFromJson(lukerLoopFile);
    expect(candidates.every((c) => c.format === 'luker')).toBe(true);
    expect(enabledOf(candidates.map((c) => c.tool))).toEqual({
      track_gold: true,
      roll_check: false,
      weather_lookup: true,
      mood_tag: true,
    });
  });

  it('V3 director: the director default, sub-agent overrides that replace it, limits and what is lost', () => {
    const converted = convertLukerProfile(lukerDirectorFile)!;
    expect(enabledOf(converted.profile.tools)).toEqual({
      track_gold: true,
      roll_check: true,
      weather_lookup: false,
      mood_tag: true,
    });
    const director = converted.profile.director!;
    expect(director.agent).toMatchObject({ name: 'director', connectionName: 'Main API' });
    expect(director.subAgents.map((s) => s.name)).toEqual(['scout', 'keeper']);
    // the scout's own flags replace the director's: weather back on, gold and mood off
    expect(director.subAgents[0].toolOverrides).toEqual({
      track_gold: false,
      weather_lookup: true,
      mood_tag: false,
    });
    expect(director.subAgents[1].toolOverrides).toBeUndefined();
    // a tools block names no search tools: Luker offers them only when switched on
    expect(converted.profile.modes.director?.tools).toEqual({
      weather_lookup: false,
      web_search: false,
      web_visit: false,
    });
    expect(converted.profile.limits).toEqual({ maxRounds: 6 });
    expect(converted.warnings.join('\n')).toMatch(
      /maxConcurrentSubagents, maxTotalSubagentRuns, discardOnAbort/,
    );
    expect(converted.warnings.join('\n')).toMatch(/keeper's own round limit \(8\)/);
    expectValid({ ...converted.profile, mode: 'director' });
  });

  it('V1 spec: stages become dependencies, defaultTools the mode switches, node tools its overrides', () => {
    const converted = convertLukerProfile(lukerSpecFile)!;
    expect(enabledOf(converted.profile.tools)).toEqual({
      track_gold: true,
      roll_check: false,
      weather_lookup: false,
      mood_tag: false,
    });
    const nodes = converted.profile.spec!.nodes;
    expect(nodes.map((n) => [n.name, n.inputs])).toEqual([
      ['distiller', []],
      ['lore', []],
      ['critic', ['distiller', 'lore']],
      ['writer', ['distiller', 'lore', 'critic']],
    ]);
    expect(nodes[0].task).toBe('Recent chat:\n{{recent_chat}}');
    expect(nodes[3].agent).toMatchObject({
      systemPrompt: 'Write the guidance.',
      presetName: 'Writer preset',
    });
    expect(nodes[1].toolOverrides).toEqual({ track_gold: false, weather_lookup: true });
    expect(converted.profile.modes.spec?.tools).toEqual({
      roll_check: false,
      weather_lookup: false,
      mood_tag: false,
      web_search: false,
      web_visit: false,
    });
    expect(converted.warnings.join('\n')).toMatch(/1 review node/);
    expectValid({ ...converted.profile, mode: 'spec' });
  });

  it('keeps a tool named like an Object member (constructor) under its own name in node overrides', () => {
    const file = JSON.parse(JSON.stringify(lukerSpecFile).replaceAll('track_gold', 'constructor'));
    const converted = convertLukerProfile(file)!;
    expect(converted.profile.spec!.nodes[1].toolOverrides).toEqual({
      constructor: false,
      weather_lookup: true,
    });
  });

  it('V2 agenda: defaultTools null offers nothing, an agent opts in; planner, agents and limits carry over', () => {
    const converted = convertLukerProfile(lukerAgendaFile)!;
    expect(enabledOf(converted.profile.tools)).toEqual({ track_gold: false, mood_tag: false });
    const agenda = converted.profile.agenda!;
    expect(agenda.planner.systemPrompt).toBe('You plan.\n\n# Planner Prompt\nKeep a todo list.');
    expect(agenda.agents.map((a) => [a.name, a.description])).toEqual([
      ['clerk', 'You count coins.'],
      ['finalizer', 'You write the final guidance.'],
    ]);
    // the clerk's own bag turns the tool loop on; custom tools it does not switch off are offered
    expect(agenda.agents[0].toolOverrides).toEqual({ track_gold: true, mood_tag: true });
    expect(agenda.maxAssignments).toBe(12);
    expect(converted.profile.limits).toEqual({ maxRounds: 5 });
    expect(converted.warnings.join('\n')).toMatch(/final agent \(finalizer\)/);
    expectValid({ ...converted.profile, mode: 'agenda' });
  });

  it("a card's extension: the active preset of each library decides; tools of other presets arrive off", () => {
    const candidates = lukerCandidates(lukerCardExtension);
    expect(enabledOf(candidates.map((c) => c.tool))).toEqual({
      track_gold: true,
      roll_check: false,
      weather_lookup: true,
      mood_tag: true,
    });
    const converted = convertLukerProfile({ data: { extensions: { orchestrator: lukerCardExtension } } })!;
    expect(converted).toMatchObject({ format: 'luker_card', mode: 'loop' });
  });

  it('older files: a wrapped director and a legacy card override are read too', () => {
    const wrapped = {
      ...lukerDirectorFile,
      profile: { mode: 'director', director: lukerDirectorFile.profile },
    };
    expect(convertLukerProfile(wrapped)!.profile.director!.subAgents).toHaveLength(2);
    const legacy = { override: { mode: 'agenda', agenda: lukerAgendaFile.profile } };
    expect(convertLukerProfile(legacy)!.mode).toBe('agenda');
  });
});
