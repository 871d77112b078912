// Luker orchestrator profiles as Luker's own serializers write them (buildPortablePayloadForMode over the
// sanitized preset: sanitizeLoopProfile, sanitizeDirectorProfile, sanitizeAgendaWorkingProfile, the spec
// editor's { spec, presets }), and a card's `extensions.orchestrator` with preset libraries.

const tool = (name: string, mode: 'read' | 'write', body: string, extra: Record<string, unknown> = {}) => ({
  name,
  displayName: '',
  description: `The ${name.replace(/_/g, ' ')} tool.`,
  parameters: { type: 'object', properties: { note: { type: 'string' } } },
  mode,
  body,
  simulateBody: '',
  ...extra,
});

export const lukerTools = {
  trackGold: tool('track_gold', 'write', 'const last = ctx.chat.slice(-3); return { seen: last.length };', {
    simulateBody: 'return { simulated: true };',
  }),
  rollCheck: tool('roll_check', 'read', 'return 4;', { parameters: {} }),
  weather: tool('weather_lookup', 'read', 'return "sunny";'),
  mood: tool('mood_tag', 'write', 'return ctx.name2 + " smiles";'),
};

const allFlags = (custom: Record<string, boolean>) => ({
  note: { open: true, close: true },
  chat: { read_range: true, search: true },
  lorebook: { search: true, get: true },
  custom,
  collab: { dispatch_subagent: true, dispatch_inline_subagent: true },
  finalize: true,
});

/** V4 (loop): `tools.custom.roll_check` is off, `search_visit` too; mood_tag has no switch (on). */
export const lukerLoopFile = {
  format: 'luker_orchestrator_profile_v4',
  mode: 'loop',
  name: 'Gold tracker',
  exportedAt: '2026-05-20T10:00:00.000Z',
  profile: {
    mode: 'loop',
    apiPresetName: '',
    promptPresetName: '',
    system_prompt: 'You direct the scene. Track the party gold.',
    tools: allFlags({
      track_gold: true,
      roll_check: false,
      weather_lookup: true,
      search_search: true,
      search_visit: false,
    }),
    max_rounds: 12,
    wall_clock_budget_ms: 120000,
    capsule_inject: { position: 'atDepth', depth: 0, role: 'system', customInstruction: '' },
    customTools: [lukerTools.trackGold, lukerTools.rollCheck, lukerTools.weather, lukerTools.mood],
  },
};

/** V3 (director): the director offers everything but weather_lookup; the scout only roll_check. */
export const lukerDirectorFile = {
  format: 'luker_orchestrator_profile_v3',
  mode: 'director',
  name: 'Director',
  exportedAt: '2026-05-20T10:00:00.000Z',
  profile: {
    mode: 'director',
    mainAgent: {
      promptPresetName: '',
      apiPresetName: 'Main API',
      systemPrompt: 'You are the director.',
      tools: null,
    },
    subAgents: [
      {
        id: 'scout',
        description: 'Reads the chat for hooks.',
        systemPrompt: 'You scout.',
        promptPresetName: '',
        apiPresetName: '',
        tools: { ...allFlags({ roll_check: true, track_gold: false, mood_tag: false }), finalize: false },
        maxRounds: null,
      },
      {
        id: 'keeper',
        description: 'Keeps the books.',
        systemPrompt: 'You keep the ledger.',
        promptPresetName: '',
        apiPresetName: '',
        tools: null,
        maxRounds: 8,
      },
    ],
    maxRounds: 6,
    maxConcurrentSubagents: 2,
    maxTotalSubagentRuns: 10,
    tools: { ...allFlags({ weather_lookup: false }), finalize: false },
    discardOnAbort: false,
    customTools: [lukerTools.trackGold, lukerTools.rollCheck, lukerTools.weather, lukerTools.mood],
  },
};

/** V1 (spec): defaultTools offer only track_gold; node "lore" switches weather_lookup on for itself. */
export const lukerSpecFile = {
  format: 'luker_orchestrator_profile_v1',
  mode: 'spec',
  exportedAt: '2026-05-20T10:00:00.000Z',
  profile: {
    spec: {
      stages: [
        {
          id: 'stage_1',
          mode: 'parallel',
          nodes: [
            'distiller',
            {
              id: 'lore',
              preset: 'lore_reader',
              type: 'worker',
              tools: allFlags({
                weather_lookup: true,
                track_gold: false,
                roll_check: false,
                mood_tag: false,
              }),
            },
          ],
        },
        {
          id: 'stage_2',
          mode: 'serial',
          nodes: [{ id: 'critic', preset: 'critic', type: 'review' }, 'writer'],
        },
      ],
      defaultTools: {
        note: { open: false, close: false },
        chat: { read_range: true, search: false },
        lorebook: { search: false, get: false },
        custom: { track_gold: true, roll_check: false, weather_lookup: false, mood_tag: false },
      },
      customTools: [lukerTools.trackGold, lukerTools.rollCheck, lukerTools.weather, lukerTools.mood],
    },
    presets: {
      distiller: {
        systemPrompt: 'Distill the scene.',
        userPromptTemplate: 'Recent chat:\n{{recent_chat}}',
        apiPresetName: '',
        promptPresetName: '',
      },
      lore_reader: {
        systemPrompt: 'Read the lore.',
        userPromptTemplate: '',
        apiPresetName: '',
        promptPresetName: '',
      },
      critic: {
        systemPrompt: 'Check the plan.',
        userPromptTemplate: '',
        apiPresetName: '',
        promptPresetName: '',
      },
      writer: {
        systemPrompt: 'Write the guidance.',
        userPromptTemplate: '',
        apiPresetName: '',
        promptPresetName: 'Writer preset',
      },
    },
  },
};

/** V2 (agenda): no tools by default (defaultTools null); the clerk agent opts into track_gold. */
export const lukerAgendaFile = {
  format: 'luker_orchestrator_profile_v2',
  mode: 'agenda',
  exportedAt: '2026-05-20T10:00:00.000Z',
  profile: {
    planner: {
      systemPrompt: 'You plan.',
      userPromptTemplate: '# Planner Prompt\nKeep a todo list.',
      apiPresetName: '',
      promptPresetName: '',
    },
    agents: {
      clerk: {
        systemPrompt: 'You count coins.\nBe exact.',
        userPromptTemplate: '',
        apiPresetName: '',
        promptPresetName: '',
        tools: { custom: { track_gold: true } },
      },
      finalizer: {
        systemPrompt: 'You write the final guidance.',
        userPromptTemplate: '',
        apiPresetName: '',
        promptPresetName: '',
      },
    },
    finalAgentId: 'finalizer',
    limits: { plannerMaxRounds: 5, maxConcurrentAgents: 3, maxTotalRuns: 12 },
    defaultTools: null,
    customTools: [lukerTools.trackGold, lukerTools.mood],
  },
};

/** A card's orchestrator extension: a loop library (active "gold") and a legacy spec override. */
export const lukerCardExtension = {
  presetLibraries: {
    loop: {
      default: { name: 'Default', ...lukerLoopFile.profile, customTools: [lukerTools.weather] },
      gold: { name: 'Gold', ...lukerLoopFile.profile },
    },
  },
  activePresetIds: { loop: 'gold' },
  overrideEnabled: { loop: true },
};
