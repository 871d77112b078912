import { describe, expect, it } from 'vitest';
import {
  cardTools,
  LUKER_TOOL_NAMES,
  lukerOrchestrator,
  scriptTool,
  v2CardDocument,
} from './__fixtures__/cards.js';
import { attachCardTools, readCardTools, stripCardTools } from './card-tools.js';
import { parseCardDocument } from './parse-card.js';
import type { CardData } from './types.js';

const cardWith = (extensions: Record<string, unknown>): CardData =>
  parseCardDocument({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'T', extensions } }).card;

describe('readCardTools', () => {
  it('reads the Toolsmith tools and the orchestration override', () => {
    const found = readCardTools(parseCardDocument(v2CardDocument()).card);
    expect(found.candidates.map((c) => [c.tool.name, c.source, c.format])).toEqual([
      ['track_mood', 'toolsmith', 'toolsmith'],
      ['post_diary', 'toolsmith', 'toolsmith'],
      ['house_rules', 'toolsmith', 'toolsmith'],
    ]);
    expect(found.candidates[0]!.tool).toEqual(scriptTool);
    expect(found.orchestration).toEqual({ mode: 'loop', agent: 'scribe' });
    expect(found.warnings).toEqual([]);
  });

  it('finds Luker custom tools in every place Luker keeps them', () => {
    const found = readCardTools(cardWith({ orchestrator: lukerOrchestrator() }));
    expect(found.candidates.map((c) => c.tool.name).sort()).toEqual([...LUKER_TOOL_NAMES].sort());
    for (const { tool, source, format } of found.candidates) {
      expect(source).toBe('luker');
      expect(format).toBe('luker');
      expect(tool.kind).toBe('script');
      expect(tool.simulateBody).toBe('return "sim";');
    }
  });

  it('finds each Luker location on its own', () => {
    const all = lukerOrchestrator() as Record<string, any>;
    const single: Array<[Record<string, unknown>, string]> = [
      [{ presetLibraries: { loop: all.presetLibraries.loop } }, 'loop_tool'],
      [{ presetLibraries: { agenda: all.presetLibraries.agenda } }, 'agenda_tool'],
      [{ presetLibraries: { spec: all.presetLibraries.spec } }, 'spec_tool'],
      [{ override: { loop: all.override.loop } }, 'override_loop_tool'],
      [{ override: { spec: all.override.spec } }, 'override_spec_tool'],
    ];
    for (const [orchestrator, name] of single) {
      expect(readCardTools(cardWith({ orchestrator })).candidates.map((c) => c.tool.name)).toEqual([name]);
    }
  });

  it('offers a tool carried in both forms once, as the Toolsmith one', () => {
    const orchestrator = { override: { loop: { customTools: [{ name: 'track_mood', body: 'return 0;' }] } } };
    const found = readCardTools(cardWith({ toolsmith: { version: 1, tools: [scriptTool] }, orchestrator }));
    expect(found.candidates.map((c) => [c.tool.name, c.source])).toEqual([['track_mood', 'toolsmith']]);
    expect(found.candidates[0]!.tool.body).toBe(scriptTool.body);
  });

  it('reports entries that are not tools, and newer formats', () => {
    const found = readCardTools(cardWith({ toolsmith: { version: 2, tools: [42, scriptTool] } }));
    expect(found.candidates.map((c) => c.tool.name)).toEqual(['track_mood']);
    expect(found.unreadable).toEqual([{ name: '(entry 1)', reason: 'This entry is not a tool object.' }]);
    expect(found.warnings[0]).toMatch(/newer Toolsmith \(format version 2\)/);
  });

  it("reads the orchestration override's own tools last, in their own namespace", () => {
    const found = readCardTools(
      cardWith({
        toolsmith: {
          version: 1,
          tools: [scriptTool],
          orchestration: { mode: 'loop', tools: [scriptTool, 'x'] },
        },
      }),
    );
    expect(found.candidates.map((c) => [c.tool.name, c.source])).toEqual([
      ['track_mood', 'toolsmith'],
      ['track_mood', 'orchestration'],
    ]);
    expect(found.unreadable).toEqual([
      { name: '(orchestration tool entry 2)', reason: 'This entry is not a tool object.' },
    ]);
  });

  it('finds nothing in a card without tools', () => {
    const found = readCardTools(cardWith({ something: { else: true } }));
    expect(found.candidates).toEqual([]);
    expect(found.orchestration).toBeUndefined();
  });
});

describe('stripCardTools', () => {
  it('removes Toolsmith tools and empties every Luker customTools list, keeping everything else', () => {
    const card = cardWith({
      toolsmith: { version: 1, tools: cardTools, orchestration: { mode: 'director' } },
      orchestrator: lukerOrchestrator(),
      other: { a: 1 },
    });
    const before = structuredClone(card);
    const stripped = stripCardTools(card);
    expect(card).toEqual(before); // the input is not touched
    expect(stripped.extensions.toolsmith).toEqual({ version: 1, orchestration: { mode: 'director' } });
    expect(stripped.extensions.other).toEqual({ a: 1 });
    expect(readCardTools(stripped).candidates).toEqual([]);
    const orchestrator = stripped.extensions.orchestrator as Record<string, any>;
    expect(orchestrator.enabled).toBe(true);
    expect(orchestrator.presetLibraries.loop.p1).toEqual({ label: 'Loop preset', customTools: [] });
    expect(orchestrator.presetLibraries.spec.p3.spec).toEqual({ stages: [], customTools: [] });
    expect(orchestrator.override.spec.customTools).toEqual([]);
  });

  it('drops the toolsmith extension when only its tools were in it', () => {
    const stripped = stripCardTools(cardWith({ toolsmith: { version: 1, tools: cardTools } }));
    expect('toolsmith' in stripped.extensions).toBe(false);
  });
});

describe('attachCardTools', () => {
  it('writes portable tools and the orchestration, keeping unknown toolsmith fields', () => {
    const card = cardWith({
      toolsmith: { version: 1, tools: [], future: 'kept', orchestration: { old: 1 } },
    });
    const stored = { ...scriptTool, id: 'db-1', order: 3 } as typeof scriptTool;
    const out = attachCardTools(card, [stored], { mode: 'loop' });
    const withProfileTools = attachCardTools(card, [], { tools: [stored] });
    expect((withProfileTools.extensions.toolsmith as any).orchestration.tools).toEqual([scriptTool]);
    expect(out.extensions.toolsmith).toEqual({
      future: 'kept',
      version: 1,
      tools: [scriptTool],
      orchestration: { mode: 'loop' },
    });
    // without a new orchestration the card's own stays
    expect((attachCardTools(card, []).extensions.toolsmith as any).orchestration).toEqual({ old: 1 });
  });

  it('leaves the extension out when there is nothing to carry', () => {
    expect('toolsmith' in attachCardTools(cardWith({}), []).extensions).toBe(false);
    expect(
      'toolsmith' in
        attachCardTools(cardWith({ toolsmith: { version: 1, tools: cardTools } }), []).extensions,
    ).toBe(false);
  });
});
