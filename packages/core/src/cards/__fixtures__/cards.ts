import type { ToolDefinition } from '../../tools/types.js';

/** Tools as Toolsmith writes them into `data.extensions.toolsmith.tools`. */
export const scriptTool: ToolDefinition = {
  name: 'track_mood',
  displayName: 'Track mood',
  description: 'Records the character mood.',
  parameters: { type: 'object', properties: { mood: { type: 'string' } }, required: ['mood'] },
  mode: 'write',
  kind: 'script',
  body: 'await ctx.variables.set("mood", args.mood); return "ok";',
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
  webhookUrl: 'https://hooks.example.com/diary/secret-path?token=abc',
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

export const cardTools = [scriptTool, webhookTool, staticTool];

const lorebook = {
  name: 'Ayla lore',
  extensions: { somewhere: { kept: true } },
  entries: [
    {
      keys: ['lighthouse'],
      content: 'The lighthouse is old.',
      extensions: { position: 4 },
      enabled: true,
      insertion_order: 100,
    },
  ],
};

/** A SillyTavern-style V2 card with tools, Luker settings and extensions Toolsmith does not know. */
export function v2CardDocument(): Record<string, unknown> {
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    name: 'Ayla',
    description: 'root mirror',
    data: {
      name: 'Ayla',
      description: 'A lighthouse keeper. Ünïcödé — 灯台守',
      personality: 'calm',
      scenario: 'A stormy night.',
      first_mes: 'Welcome in, {{user}}.',
      mes_example: '<START>\n{{char}}: Hello.',
      creator_notes: 'Made for tests.',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: ['Oh, a visitor!'],
      character_book: lorebook,
      tags: ['fantasy', 'calm'],
      creator: 'tester',
      character_version: '1.2',
      extensions: {
        talkativeness: '0.5',
        fav: false,
        depth_prompt: { prompt: 'Stay calm.', depth: 4, role: 'system' },
        some_app: { nested: { list: [1, 2, 3] } },
        toolsmith: {
          version: 1,
          tools: cardTools,
          orchestration: { mode: 'loop', agent: 'scribe' },
        },
      },
      x_unknown_field: { keep: 'me' },
    },
  };
}

/** A V3 card with the V3-only fields. */
export function v3CardDocument(): Record<string, unknown> {
  const v2 = v2CardDocument();
  return {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      ...(v2.data as Record<string, unknown>),
      nickname: 'Ay',
      creator_notes_multilingual: { en: 'Made for tests.', de: 'Für Tests gemacht.' },
      source: ['https://example.com/cards/ayla'],
      group_only_greetings: ['Hello, everyone.'],
      creation_date: 1_700_000_000,
      modification_date: 1_700_000_100,
      assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
    },
  };
}

const lukerTool = (name: string) => ({
  name,
  description: `Luker tool ${name}`,
  parameters: { type: 'object', properties: {} },
  mode: 'write',
  body: `return "${name}";`,
  simulateBody: 'return "sim";',
  enabled: true,
});

/** Luker's orchestrator settings with custom tools in each place Luker keeps them. */
export function lukerOrchestrator(): Record<string, unknown> {
  return {
    enabled: true,
    presetLibraries: {
      loop: { p1: { label: 'Loop preset', customTools: [lukerTool('loop_tool')] } },
      agenda: { p2: { customTools: [lukerTool('agenda_tool')] } },
      spec: { p3: { spec: { stages: [], customTools: [lukerTool('spec_tool')] } } },
    },
    override: {
      loop: { customTools: [lukerTool('override_loop_tool')] },
      spec: { customTools: [lukerTool('override_spec_tool')] },
    },
  };
}

export const LUKER_TOOL_NAMES = [
  'loop_tool',
  'agenda_tool',
  'spec_tool',
  'override_loop_tool',
  'override_spec_tool',
];

/** A V1 (TavernAI / old SillyTavern) card: flat fields. */
export function v1CardDocument(): Record<string, unknown> {
  return {
    name: 'Old Bob',
    description: 'A V1 character.',
    personality: 'grumpy',
    scenario: 'A tavern.',
    first_mes: 'What do you want?',
    mes_example: '',
    creatorcomment: 'From the old days.',
    avatar: 'none',
    talkativeness: '0.4',
    create_date: '2023-1-1 @12h',
  };
}
