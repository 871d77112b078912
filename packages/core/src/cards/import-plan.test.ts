import { describe, expect, it } from 'vitest';
import {
  LUKER_TOOL_NAMES,
  lukerOrchestrator,
  scriptTool,
  staticTool,
  v1CardDocument,
  v2CardDocument,
  v3CardDocument,
  webhookTool,
} from './__fixtures__/cards.js';
import { isCardError } from './card-error.js';
import { readCardTools } from './card-tools.js';
import { exportCardPng } from './export-card.js';
import { cardImportReview, planCardImport } from './import-plan.js';
import { readPngChunks } from './png-chunks.js';
import { cardChunkKeyword } from './png-text.js';

describe('planCardImport', () => {
  it('shows each tool with everything the user must judge', () => {
    const plan = planCardImport(v2CardDocument());
    expect(plan.format).toBe('json');
    expect(plan.version).toBe('v2');
    expect(plan.hasTools).toBe(true);
    expect(plan.orchestration).toEqual({ mode: 'loop', agent: 'scribe' });
    const [script, webhook, fixed] = plan.tools;
    expect(script).toEqual({
      name: 'track_mood',
      displayName: 'Track mood',
      kind: 'script',
      mode: 'write',
      description: scriptTool.description,
      parameters: scriptTool.parameters,
      body: scriptTool.body,
      simulateBody: scriptTool.simulateBody,
      staticResult: null,
      origin: null,
      requestedEnabled: true,
      requestedHiddenContext: true,
      requestedFetch: false,
      source: 'toolsmith',
      format: 'toolsmith',
      willImport: true,
      enabledAfterImport: false,
    });
    expect(webhook).toMatchObject({
      name: 'post_diary',
      kind: 'webhook',
      body: null,
      origin: 'https://hooks.example.com',
      requestedEnabled: true,
      willImport: true,
      enabledAfterImport: false,
    });
    expect(JSON.stringify(webhook)).not.toContain('token=abc');
    expect(fixed).toMatchObject({
      name: 'house_rules',
      kind: 'static',
      staticResult: staticTool.staticResult,
    });
    expect(fixed!.enabledAfterImport).toBe(true);
  });

  it('Apply with tools: webhook and script tools arrive disabled with hidden context off; the card keeps its other extensions', () => {
    const plan = planCardImport(v2CardDocument());
    const { card, tools, skipped } = plan.withTools();
    expect(skipped).toEqual([]);
    expect(tools).toEqual([
      { ...scriptTool, enabled: false, includeHiddenContext: false },
      { ...webhookTool, enabled: false, includeHiddenContext: false },
      staticTool,
    ]);
    // the tools are stored on their own: the card no longer carries them, the orchestration stays
    expect(card.extensions.toolsmith).toEqual({
      version: 1,
      orchestration: { mode: 'loop', agent: 'scribe' },
    });
    expect(card.extensions.some_app).toEqual({ nested: { list: [1, 2, 3] } });
    expect(card.x_unknown_field).toEqual({ keep: 'me' });
    expect(card.character_book).toEqual((v2CardDocument().data as any).character_book);
  });

  it('Apply without tools: every tool list is stripped, nothing else', () => {
    const doc = v3CardDocument();
    (doc.data as any).extensions.orchestrator = lukerOrchestrator();
    const plan = planCardImport(doc);
    expect(plan.tools.map((t) => t.name)).toEqual([
      'track_mood',
      'post_diary',
      'house_rules',
      ...LUKER_TOOL_NAMES,
    ]);
    const { card } = plan.withoutTools();
    expect(readCardTools(card).candidates).toEqual([]);
    expect('tools' in (card.extensions.toolsmith as object)).toBe(false);
    expect((card.extensions.orchestrator as any).presetLibraries.loop.p1.customTools).toEqual([]);
    expect(card.extensions.depth_prompt).toEqual({ prompt: 'Stay calm.', depth: 4, role: 'system' });
    expect(card.nickname).toBe('Ay');
    // the plan's own card still shows the tools
    expect(readCardTools(plan.card).candidates).toHaveLength(8);
  });

  it('Cancel: planning touches nothing, and the choices can be asked for repeatedly', () => {
    const doc = v2CardDocument();
    const snapshot = structuredClone(doc);
    const plan = planCardImport(doc);
    const first = plan.withTools();
    first.tools[0]!.name = 'changed';
    first.card.extensions.some_app = 'changed';
    plan.withoutTools().card.name = 'changed';
    expect(doc).toEqual(snapshot);
    expect(plan.withTools().tools[0]!.name).toBe('track_mood');
    expect(plan.withTools().card.extensions.some_app).toEqual({ nested: { list: [1, 2, 3] } });
    expect(plan.card.name).toBe('Ayla');
  });

  it('skips tools whose names collide, with the reason, and keeps the rest', () => {
    const plan = planCardImport(v2CardDocument(), {
      existingToolNames: ['post_diary'],
      reservedNames: ['house_rules'],
    });
    expect(plan.tools.map((t) => [t.name, t.willImport, t.skipReason])).toEqual([
      ['track_mood', true, undefined],
      ['post_diary', false, 'A tool named "post_diary" already exists.'],
      ['house_rules', false, '"house_rules" is a reserved built-in tool name.'],
    ]);
    const { tools, skipped } = plan.withTools();
    expect(tools.map((t) => t.name)).toEqual(['track_mood']);
    expect(skipped).toEqual([
      { name: 'post_diary', reason: 'A tool named "post_diary" already exists.' },
      { name: 'house_rules', reason: '"house_rules" is a reserved built-in tool name.' },
    ]);
  });

  it('skips a second tool of the same name in the card, and invalid or native tools', () => {
    const doc = v2CardDocument();
    (doc.data as any).extensions.toolsmith.tools = [
      { ...scriptTool, body: 'return (' },
      scriptTool,
      { ...staticTool, name: 'track_mood' },
      { ...staticTool, name: 'native_one', kind: 'native' },
      { ...staticTool, name: '9bad' },
    ];
    const plan = planCardImport(doc);
    const rows = plan.tools.map((t) => [t.name, t.willImport, t.skipReason ?? '']);
    expect(rows[0]).toEqual(['track_mood', false, expect.stringMatching(/^body: .*yntax/i)]);
    expect(rows[1]).toEqual(['track_mood', true, '']);
    expect(rows[2]).toEqual([
      'track_mood',
      false,
      'The card holds more than one tool named "track_mood"; the first was kept.',
    ]);
    expect(rows[3]).toEqual([
      'native_one',
      false,
      expect.stringMatching(/Native tools .* cannot be imported/),
    ]);
    expect(rows[4]).toEqual(['9bad', false, expect.stringMatching(/^name: /)]);
    const { tools } = plan.withTools();
    expect(tools).toEqual([{ ...scriptTool, enabled: false, includeHiddenContext: false }]);
  });

  it('passes the local-webhook switch through to the URL rules', () => {
    const doc = v2CardDocument();
    (doc.data as any).extensions.toolsmith.tools = [
      { ...webhookTool, webhookUrl: 'http://127.0.0.1:9/hook' },
    ];
    expect(planCardImport(doc).tools[0]!.willImport).toBe(false);
    expect(planCardImport(doc, { localWebhooksEnabled: true }).tools[0]).toMatchObject({
      willImport: true,
      origin: 'http://127.0.0.1:9',
      enabledAfterImport: false,
    });
  });

  it('imports Luker tools disabled, as script tools', () => {
    const plan = planCardImport({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: { name: 'L', extensions: { orchestrator: lukerOrchestrator() } },
    });
    const { tools } = plan.withTools();
    expect(tools.map((t) => t.name)).toEqual(LUKER_TOOL_NAMES);
    expect(tools.every((t) => t.kind === 'script' && !t.enabled && !t.includeHiddenContext)).toBe(true);
    expect(plan.tools.every((t) => t.source === 'luker' && t.simulateBody === 'return "sim";')).toBe(true);
  });

  it('a card without tools needs no review', () => {
    const plan = planCardImport(v1CardDocument());
    expect(plan.version).toBe('v1');
    expect(plan.hasTools).toBe(false);
    expect(plan.tools).toEqual([]);
    expect(plan.withTools()).toEqual({
      card: plan.withoutTools().card,
      tools: [],
      orchestrationTools: [],
      skipped: [],
    });
    expect(plan.withoutTools().card.name).toBe('Old Bob');
  });

  it('counts unreadable tool entries as tools to review and reports them as skipped', () => {
    const plan = planCardImport({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { name: 'U', extensions: { toolsmith: { version: 1, tools: ['nonsense'] } } },
    });
    expect(plan.hasTools).toBe(true);
    expect(plan.warnings).toEqual(['Tool (entry 1) was ignored: This entry is not a tool object.']);
    expect(plan.withTools().skipped).toEqual([
      { name: '(entry 1)', reason: 'This entry is not a tool object.' },
    ]);
  });

  it('reads PNG cards and hands back the portrait without the card chunks', () => {
    const png = exportCardPng(planCardImport(v3CardDocument()).card, [scriptTool]);
    const plan = planCardImport(png, { existingToolNames: [] });
    expect(plan.format).toBe('png');
    expect(plan.version).toBe('v3');
    expect(plan.tools.map((t) => t.name)).toEqual(['track_mood']);
    expect(readPngChunks(plan.image!).some((c) => cardChunkKeyword(c) !== undefined)).toBe(false);
  });

  it('throws a CardError with a clear message for unreadable input', () => {
    let caught: unknown;
    try {
      planCardImport(new TextEncoder().encode('{"not": "a card"}'));
    } catch (error) {
      caught = error;
    }
    expect(isCardError(caught) && caught.code).toBe('not_a_card');
    expect((caught as { status: number }).status).toBe(400);
  });

  it('has a plain-JSON view for the review screen', () => {
    const plan = planCardImport(exportCardPng(planCardImport(v2CardDocument()).card, [webhookTool]));
    const review = JSON.parse(JSON.stringify(cardImportReview(plan)));
    expect(review).toEqual({
      card: plan.card,
      format: 'png',
      version: 'v3',
      specVersion: '3.0',
      hasImage: true,
      orchestration: { mode: 'loop', agent: 'scribe' },
      tools: plan.tools,
      hasTools: true,
      warnings: [],
    });
    expect(review.tools[0].origin).toBe('https://hooks.example.com');
  });

  describe("the orchestration override's own tools", () => {
    const withProfileTools = () => {
      const doc = v2CardDocument();
      (doc.data as any).extensions.toolsmith.orchestration = {
        mode: 'loop',
        tools: [
          { ...webhookTool, name: 'profile_hook' },
          { ...staticTool, name: 'track_mood' }, // same name as a card tool: its own namespace
          { ...staticTool, name: 'delegate' }, // an orchestration tool's name
          { ...staticTool, name: 'profile_hook' },
        ],
      };
      return doc;
    };

    it('are reviewed like the others, and their names collide only with built-in and orchestration names', () => {
      const plan = planCardImport(withProfileTools(), { existingToolNames: ['profile_hook'] });
      const rows = plan.tools
        .filter((t) => t.source === 'orchestration')
        .map((t) => [t.name, t.willImport, t.skipReason ?? '']);
      expect(rows).toEqual([
        ['profile_hook', true, ''],
        ['track_mood', true, ''],
        ['delegate', false, '"delegate" is a reserved built-in tool name.'],
        [
          'profile_hook',
          false,
          'The card\'s orchestration profile holds more than one tool named "profile_hook"; the first was kept.',
        ],
      ]);
      expect(plan.tools.find((t) => t.name === 'profile_hook')!.origin).toBe('https://hooks.example.com');
    });

    it('Apply with tools keeps them inside the override, made safe', () => {
      const { card, tools, orchestrationTools } = planCardImport(withProfileTools()).withTools();
      expect(tools.map((t) => t.name)).toEqual(['track_mood', 'post_diary', 'house_rules']);
      expect(orchestrationTools).toEqual([
        { ...webhookTool, name: 'profile_hook', enabled: false, includeHiddenContext: false },
        { ...staticTool, name: 'track_mood' },
      ]);
      expect((card.extensions.toolsmith as any).orchestration).toEqual({
        mode: 'loop',
        tools: orchestrationTools,
      });
    });

    it('Apply without tools empties them', () => {
      const { card } = planCardImport(withProfileTools()).withoutTools();
      expect((card.extensions.toolsmith as any).orchestration).toEqual({ mode: 'loop', tools: [] });
      expect(readCardTools(card).candidates).toEqual([]);
    });
  });
});
