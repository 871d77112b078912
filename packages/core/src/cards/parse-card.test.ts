import { describe, expect, it } from 'vitest';
import { v1CardDocument, v2CardDocument, v3CardDocument } from './__fixtures__/cards.js';
import { isCardError } from './card-error.js';
import { parseCardDocument } from './parse-card.js';
import { readCard } from './read-card.js';

describe('parseCardDocument', () => {
  it('reads a V2 card into V3-shaped data, keeping unknown fields and extensions', () => {
    const doc = v2CardDocument();
    const { card, version, specVersion, warnings } = parseCardDocument(doc);
    expect(version).toBe('v2');
    expect(specVersion).toBe('2.0');
    expect(warnings).toEqual([]);
    const data = doc.data as Record<string, unknown>;
    expect(card.name).toBe('Ayla');
    // data wins over the root mirror
    expect(card.description).toBe(data.description);
    expect(card.alternate_greetings).toEqual(['Oh, a visitor!']);
    expect(card.group_only_greetings).toEqual([]);
    expect(card.extensions).toEqual(data.extensions);
    expect(card.character_book).toEqual(data.character_book);
    expect(card.x_unknown_field).toEqual({ keep: 'me' });
    expect(card.nickname).toBeUndefined();
    expect('assets' in card).toBe(false);
  });

  it('reads the V3-only fields', () => {
    const { card, version } = parseCardDocument(v3CardDocument());
    expect(version).toBe('v3');
    expect(card.nickname).toBe('Ay');
    expect(card.creator_notes_multilingual).toEqual({ en: 'Made for tests.', de: 'Für Tests gemacht.' });
    expect(card.source).toEqual(['https://example.com/cards/ayla']);
    expect(card.group_only_greetings).toEqual(['Hello, everyone.']);
    expect(card.creation_date).toBe(1_700_000_000);
    expect(card.modification_date).toBe(1_700_000_100);
    expect(card.assets).toEqual([{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }]);
  });

  it('reads a V1 card from its flat fields and keeps its other fields', () => {
    const { card, version } = parseCardDocument(v1CardDocument());
    expect(version).toBe('v1');
    expect(card).toMatchObject({
      name: 'Old Bob',
      description: 'A V1 character.',
      personality: 'grumpy',
      scenario: 'A tavern.',
      first_mes: 'What do you want?',
      mes_example: '',
      creator_notes: 'From the old days.',
      system_prompt: '',
      alternate_greetings: [],
      tags: [],
      extensions: {},
      avatar: 'none',
      talkativeness: '0.4',
    });
    expect('creatorcomment' in card).toBe(false);
  });

  it('is lenient with types: wrong types fall back, numbers become text, bad list items are dropped', () => {
    const { card } = parseCardDocument({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        name: '  Spacey  ',
        description: null,
        personality: 42,
        tags: ['a', 1, null, 'b'],
        alternate_greetings: 'not a list',
        extensions: 'nope',
        character_book: null,
        creation_date: '1700000000',
        modification_date: 'yesterday',
        assets: [{ type: 'icon', uri: 'embeded://a.png', name: 'a', ext: 'png' }, { type: 'icon' }, 'x'],
        creator_notes_multilingual: { en: 'hi', de: 3 },
        source: 'https://example.com',
      },
    });
    expect(card.name).toBe('Spacey');
    expect(card.description).toBe('');
    expect(card.personality).toBe('42');
    expect(card.tags).toEqual(['a', 'b']);
    expect(card.alternate_greetings).toEqual([]);
    expect(card.extensions).toEqual({});
    expect('character_book' in card).toBe(false);
    expect(card.creation_date).toBe(1_700_000_000);
    expect('modification_date' in card).toBe(false);
    expect(card.assets).toEqual([{ type: 'icon', uri: 'embeded://a.png', name: 'a', ext: 'png' }]);
    expect(card.creator_notes_multilingual).toEqual({ en: 'hi' });
    expect('source' in card).toBe(false);
  });

  it('fills V1 fields a V2 writer left only at the root', () => {
    const { card } = parseCardDocument({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      name: 'Root Name',
      first_mes: 'root greeting',
      data: { description: 'in data' },
    });
    expect(card.name).toBe('Root Name');
    expect(card.first_mes).toBe('root greeting');
    expect(card.description).toBe('in data');
  });

  it('reads a data object without a known spec, warning about it', () => {
    const v2 = parseCardDocument({ data: { name: 'NoSpec' } });
    expect(v2.version).toBe('v2');
    expect(v2.warnings[0]).toMatch(/spec is null; it was read as V2/);
    const v3 = parseCardDocument({ spec: 'something', spec_version: '3.0', data: { name: 'NoSpec' } });
    expect(v3.version).toBe('v3');
  });

  it('warns about a newer V3 spec version but reads it', () => {
    const { version, warnings } = parseCardDocument({
      spec: 'chara_card_v3',
      spec_version: '3.5',
      data: { name: 'N' },
    });
    expect(version).toBe('v3');
    expect(warnings).toEqual([expect.stringMatching(/spec 3\.5; fields this version does not know/)]);
  });

  it('refuses documents that are not cards, and cards without a name', () => {
    for (const doc of [null, [], 'text', { hello: 'world' }]) {
      let caught: unknown;
      try {
        parseCardDocument(doc);
      } catch (error) {
        caught = error;
      }
      expect(isCardError(caught) && caught.code).toBe('not_a_card');
    }
    expect(() => parseCardDocument({ spec: 'chara_card_v2', data: { name: '   ' } })).toThrow(
      /no character name/,
    );
    expect(() => parseCardDocument({ description: 'nameless V1' })).toThrow(/no character name/);
  });
});

describe('readCard', () => {
  it('reads JSON from bytes, text (with a BOM) and objects alike', () => {
    const doc = v2CardDocument();
    const text = JSON.stringify(doc);
    const fromBytes = readCard(new TextEncoder().encode(text));
    expect(fromBytes.format).toBe('json');
    expect(readCard(`\uFEFF${text}`).card).toEqual(fromBytes.card);
    expect(readCard(doc).card).toEqual(fromBytes.card);
  });

  it('refuses empty files, broken JSON, non-UTF-8 bytes and oversized JSON', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return isCardError(error) ? error.code : 'other';
      }
      return 'none';
    };
    expect(code(() => readCard(new Uint8Array(0)))).toBe('empty');
    expect(code(() => readCard('  '))).toBe('empty');
    expect(code(() => readCard('{"spec": "chara_card_v2",'))).toBe('bad_json');
    expect(code(() => readCard(Uint8Array.of(0x7b, 0xff, 0x7d)))).toBe('bad_text');
    const limits = { maxFileBytes: 100, maxCardJsonBytes: 10, maxChunks: 10 };
    expect(code(() => readCard('{"name": "long enough"}', limits))).toBe('too_large');
  });
});
