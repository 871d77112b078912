import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cardTools, scriptTool, v2CardDocument, v3CardDocument } from './__fixtures__/cards.js';
import { decodeCardPayload } from './card-payload.js';
import { defaultCardPng } from './default-png.js';
import { exportCardJson, exportCardPng } from './export-card.js';
import { planCardImport } from './import-plan.js';
import { readCardPng, writeCardPng } from './png-card.js';
import { readPngChunks, writePngChunks } from './png-chunks.js';
import { cardChunkKeyword, makeTextChunk, readTextChunk } from './png-text.js';

/** What the server does: import with tools (stored enabled again by the user), then export. */
function importThenStore(input: Parameters<typeof planCardImport>[0]) {
  const plan = planCardImport(input);
  const { card, tools } = plan.withTools();
  // the user then switches each tool the way the card asked
  const asked = new Map(plan.tools.map((t) => [t.name, t]));
  const restored = tools.map((t) => ({
    ...t,
    enabled: asked.get(t.name)!.requestedEnabled,
    includeHiddenContext: asked.get(t.name)!.requestedHiddenContext,
  }));
  return { plan, card, tools: restored };
}

const chunkDocument = (png: Uint8Array, keyword: 'chara' | 'ccv3') => {
  const chunk = readPngChunks(png).find((c) => cardChunkKeyword(c) === keyword)!;
  return decodeCardPayload(readTextChunk(chunk, 1 << 24), keyword, 1 << 24) as Record<string, any>;
};

describe('JSON round trips', () => {
  it('V2 → V2 keeps the card, its tools and unknown extensions', () => {
    const original = v2CardDocument();
    const { plan, card, tools } = importThenStore(original);
    const exported = exportCardJson(card, tools, { version: 'v2', orchestration: plan.orchestration });
    expect(exported.spec).toBe('chara_card_v2');
    expect(exported.spec_version).toBe('2.0');
    expect(exported.name).toBe('Ayla');
    expect(exported.first_mes).toBe('Welcome in, {{user}}.');
    // the data is the original, field for field
    expect(exported.data).toEqual(original.data);
    expect('group_only_greetings' in exported.data).toBe(false);

    const again = planCardImport(JSON.stringify(exported));
    expect(again.version).toBe('v2');
    expect(again.card).toEqual(plan.card);
    expect(again.withTools().tools).toEqual(plan.withTools().tools);
  });

  it('V3 → V3 keeps the V3 fields, tools and unknown extensions', () => {
    const original = v3CardDocument();
    const { plan, card, tools } = importThenStore(original);
    const exported = exportCardJson(card, tools, { version: 'v3', orchestration: plan.orchestration });
    expect(exported).toEqual({ spec: 'chara_card_v3', spec_version: '3.0', data: original.data });
    const again = planCardImport(exported as unknown as Record<string, unknown>);
    expect(again.version).toBe('v3');
    expect(again.card).toEqual(plan.card);
    expect(again.tools).toEqual(plan.tools);
  });

  it('defaults to V3, and a V3 card written as V2 loses nothing', () => {
    const { card, tools } = importThenStore(v3CardDocument());
    expect(exportCardJson(card, tools).spec).toBe('chara_card_v3');
    const v2 = exportCardJson(card, tools, { version: 'v2' });
    expect(v2.data.nickname).toBe('Ay');
    expect(v2.data.group_only_greetings).toEqual(['Hello, everyone.']);
    const back = planCardImport(v2 as unknown as Record<string, unknown>);
    expect(back.version).toBe('v2');
    expect(back.card).toEqual(planCardImport(v3CardDocument()).card);
  });

  it('writes the current tools, not the ones the card arrived with', () => {
    const { card } = importThenStore(v2CardDocument());
    const exported = exportCardJson(card, [scriptTool]);
    expect((exported.data.extensions.toolsmith as any).tools).toEqual([scriptTool]);
    expect((exportCardJson(card, []).data.extensions.toolsmith as any).tools).toEqual([]);
  });
});

describe('PNG round trips', () => {
  it('V3: exported PNG carries ccv3 and a V2 chara copy, both with the tools', () => {
    const { plan, card, tools } = importThenStore(v3CardDocument());
    const png = exportCardPng(card, tools, undefined, { orchestration: plan.orchestration });
    const ccv3 = chunkDocument(png, 'ccv3');
    const chara = chunkDocument(png, 'chara');
    expect(ccv3).toEqual(v3CardDocument());
    expect(chara.spec).toBe('chara_card_v2');
    expect(chara.data.extensions.toolsmith.tools).toEqual(cardTools);
    expect(chara.data.extensions.some_app).toEqual({ nested: { list: [1, 2, 3] } });

    const again = planCardImport(png);
    expect(again.format).toBe('png');
    expect(again.version).toBe('v3');
    expect(again.card).toEqual(plan.card);
    expect(again.withTools().tools).toEqual(plan.withTools().tools);
  });

  it('V2: a PNG with only a chara chunk round-trips through import and export', () => {
    const source = writeCardPng(defaultCardPng(), { chara: v2CardDocument() });
    const { plan, card, tools } = importThenStore(source);
    expect(plan.version).toBe('v2');
    expect(plan.tools.map((t) => t.name)).toEqual(cardTools.map((t) => t.name));
    const png = exportCardPng(card, tools, plan.image, { orchestration: plan.orchestration });
    expect(chunkDocument(png, 'chara').data).toEqual(v2CardDocument().data);
    // reading only the V2 chunk, as a V2-only application would
    const v2Only = writeCardPng(png, { chara: chunkDocument(png, 'chara') });
    const read = planCardImport(v2Only);
    expect(read.version).toBe('v2');
    expect(read.card).toEqual(plan.card);
    expect(read.withTools().tools).toEqual(plan.withTools().tools);
  });

  it('keeps the given portrait: its image data and other chunks survive, old card chunks are replaced', () => {
    const chunks = readPngChunks(defaultCardPng());
    chunks.splice(
      2,
      0,
      makeTextChunk('Software', 'Painter'),
      makeTextChunk('chara', 'b2xk'),
      makeTextChunk('ccv3', 'b2xk'),
    );
    const portrait = writePngChunks(chunks);
    const { card, tools } = importThenStore(v3CardDocument());
    const png = exportCardPng(card, tools, portrait);
    const out = readPngChunks(png);
    expect(out.map((c) => cardChunkKeyword(c) ?? c.type)).toEqual([
      'IHDR',
      'IDAT',
      'tEXt',
      'chara',
      'ccv3',
      'IEND',
    ]);
    expect(out[1]!.data).toEqual(chunks[1]!.data);
    expect(readTextChunk(out[2]!, 100)).toBe('Painter');
    expect(readCardPng(png).document).toEqual(exportCardJson(card, tools));
  });

  it('the default portrait is a 400×600 PNG: a silhouette on a background whose hue comes from the name', () => {
    const { card } = importThenStore(v2CardDocument());
    const png = exportCardPng(card, []);
    const [ihdr, idat] = readPngChunks(png);
    expect(ihdr!.type).toBe('IHDR');
    expect([...ihdr!.data.subarray(0, 10)]).toEqual([0, 0, 1, 144, 0, 0, 2, 88, 8, 2]); // 400×600 RGB
    const pixels = unzlibSync(idat!.data);
    expect(pixels.length).toBe(600 * (1 + 400 * 3));
    const at = (x: number, y: number) => [...pixels.subarray(y * 1201 + 1 + x * 3, y * 1201 + 4 + x * 3)];
    // the head's centre is the figure's colour, a top corner the background's; a real image, not one pixel
    expect(at(200, 240)).not.toEqual(at(5, 5));
    expect(at(200, 240)).toEqual(at(200, 590));
    expect(png.length).toBeLessThan(20_000);
    // the same name gives the same image, another name another hue
    expect(readPngChunks(defaultCardPng(card.name))[1]!.data).toEqual(idat!.data);
    expect(defaultCardPng('Someone else')).not.toEqual(defaultCardPng(card.name));
    // no tools, but the card's orchestration override still travels
    expect(chunkDocument(png, 'ccv3').data.extensions.toolsmith).toEqual({
      version: 1,
      tools: [],
      orchestration: { mode: 'loop', agent: 'scribe' },
    });
  });
});
