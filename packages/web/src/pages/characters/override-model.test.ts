import { describe, expect, it } from 'vitest';
import type { Agent, Connection, Preset } from '../../api/types';
import { withDefaults } from '../agents/profile/profile-model';
import { modeAgentNames, overrideFrom, writeOutAgents } from './override-model';

const global = withDefaults({
  mode: 'loop',
  loop: { agent: { name: 'warden', systemPrompt: 'W', tools: [] } },
  limits: { maxRounds: 4, repeatLimit: 3 },
  tools: [{ name: 'gate', description: 'g', kind: 'static', enabled: true } as never],
});

describe('character override model', () => {
  it('keeps the mode and only the parts that differ from the global profile', () => {
    expect(overrideFrom(global, global)).toEqual({ mode: 'loop' });
    const edited = {
      ...global,
      mode: 'director' as const,
      director: { ...global.director, subAgents: [{ name: 'scout', agent: { agentId: 'a1' } }] },
      modes: { ...global.modes, director: { custom: false, builtin: true } },
      limits: { maxRounds: 2, repeatLimit: 3 },
      tools: [...global.tools, { name: 'tide', description: 't', kind: 'static', enabled: true } as never],
    };
    expect(overrideFrom(global, edited)).toEqual({
      mode: 'director',
      director: edited.director,
      modes: { director: { custom: false, builtin: true } },
      limits: { maxRounds: 2 },
      tools: [edited.tools[1]],
    });
  });

  it('writes stored agents out with their connection and preset by name', () => {
    const stored = {
      agents: [
        {
          id: 'a1',
          name: 'Keeper',
          systemPrompt: 'K',
          tools: ['roll_dice'],
          connectionId: 'c1',
          presetId: 'p1',
        },
      ] as Agent[],
      connections: [{ id: 'c1', name: 'emu' }] as Connection[],
      presets: [{ id: 'p1', name: 'cool' }] as Preset[],
    };
    const out = writeOutAgents(
      {
        mode: 'director',
        director: { agent: { agentId: 'a1' }, subAgents: [{ name: 's', agent: { agentId: 'a1' } }] },
      },
      stored,
    );
    const keeper = {
      name: 'Keeper',
      systemPrompt: 'K',
      tools: ['roll_dice'],
      connectionName: 'emu',
      presetName: 'cool',
    };
    expect(out.director).toEqual({ agent: keeper, subAgents: [{ name: 's', agent: keeper }] });
    expect(JSON.stringify(out)).not.toContain('agentId');
    // a dangling reference stays for the server to name
    expect(writeOutAgents({ loop: { agent: { agentId: 'gone' } } }, stored).loop).toEqual({
      agent: { agentId: 'gone' },
    });
  });

  it('names the agents the effective mode runs', () => {
    expect(modeAgentNames(global, [])).toEqual(['warden']);
    const ref = { ...global, loop: { agent: { agentId: 'a1' } } };
    expect(modeAgentNames(ref, [{ id: 'a1', name: 'Keeper' } as Agent])).toEqual(['Keeper']);
  });
});
