import { describe, expect, it } from 'vitest';
import { defaultOrchestrationProfile } from './profile.js';
import { applyProfileOverride, mergeProfileOverride } from './profile-override.js';
import type { OrchestrationProfile } from './types.js';

const tool = (name: string, staticResult: string) => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties: {} },
  mode: 'read' as const,
  kind: 'static' as const,
  staticResult,
  enabled: true,
});

const base: OrchestrationProfile = {
  ...defaultOrchestrationProfile(),
  tools: [tool('weather', 'rain'), tool('time', 'noon')],
  modes: {
    ...defaultOrchestrationProfile().modes,
    loop: { custom: true, builtin: true, tools: { roll_dice: false } },
    director: { custom: true, builtin: true },
  },
  limits: { maxRounds: 5, repeatLimit: 3 },
};

describe('applyProfileOverride', () => {
  it('returns the global profile when the character has no override', () => {
    expect(applyProfileOverride(base, undefined)).toEqual({ ok: true, value: base });
  });

  it('replaces mode and agents, merges limits and switches, adds and replaces tools by name', () => {
    const result = applyProfileOverride(base, {
      mode: 'loop',
      loop: { agent: { name: 'bard', systemPrompt: 'Sing.', tools: [] } },
      limits: { maxRounds: 2 },
      modes: { loop: { custom: false, tools: { search_lorebook: true } } },
      tools: [tool('weather', 'snow'), tool('mood', 'happy')],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const p = result.value;
    expect(p.loop.agent.name).toBe('bard');
    expect(p.limits).toEqual({ maxRounds: 2, repeatLimit: 3 });
    expect(p.modes.loop).toEqual({
      custom: false,
      builtin: true,
      tools: { roll_dice: false, search_lorebook: true },
    });
    expect(p.modes.director).toEqual(base.modes.director);
    expect(p.tools.map((t) => [t.name, t.staticResult])).toEqual([
      ['time', 'noon'],
      ['weather', 'snow'],
      ['mood', 'happy'],
    ]);
  });

  it('checks the result like any profile', () => {
    const result = applyProfileOverride(base, { mode: 'director', surprise: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.field).sort()).toEqual(['director.subAgents', 'surprise']);
    expect(applyProfileOverride(base, 'loop').ok).toBe(false);
  });
});

describe('mergeProfileOverride', () => {
  it('works on stored bodies whose agents are references, leaving them as they are', () => {
    const stored = {
      mode: 'loop',
      loop: { agent: { agentId: 'ag_1' } },
      tools: [],
      limits: { maxRounds: 3 },
    };
    expect(mergeProfileOverride(stored, { limits: { repeatLimit: 2 } })).toEqual({
      mode: 'loop',
      loop: { agent: { agentId: 'ag_1' } },
      tools: [],
      limits: { maxRounds: 3, repeatLimit: 2 },
    });
  });
});
