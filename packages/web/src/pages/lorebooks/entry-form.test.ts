import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import en from '../../i18n/locales/en';
import { draftFromEntry, emptyEntryDraft, entryFromDraft, invalidRegexKeys, splitKeys } from './entry-form';

// messages are worded in the UI's language
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
});

describe('lorebook entry drafts', () => {
  it('round-trips every option the editor shows and keeps the fields it does not', () => {
    const stored = {
      uid: 7,
      keys: ['dragon', '/wyrm(s)?/i'],
      secondaryKeys: ['cave'],
      selectiveLogic: 'NOT_ANY' as const,
      content: 'Dragons sleep in caves.',
      comment: 'Dragons',
      constant: true,
      disabled: true,
      position: 'depth' as const,
      depth: 2,
      role: 'assistant' as const,
      order: 50,
      scanDepth: 3,
      caseSensitive: true,
      matchWholeWords: false,
      probability: 40,
      excludeRecursion: true,
      preventRecursion: true,
      extensions: { sillytavern: { group: 'x' } },
    };
    const result = entryFromDraft(draftFromEntry(stored));
    expect(result).toEqual({ ok: true, entry: stored });
  });

  it('leaves unset options out so the book and engine defaults apply', () => {
    const draft = { ...emptyEntryDraft(), keys: 'castle\n\n  tower  \n', content: 'Stone.' };
    const result = entryFromDraft(draft);
    expect(result).toEqual({
      ok: true,
      entry: { keys: ['castle', 'tower'], content: 'Stone.', position: 'before' },
    });
  });

  it('drops the depth and role unless the position is at a depth, and the logic without secondary keys', () => {
    const draft = {
      ...emptyEntryDraft(),
      keys: 'a',
      depth: '3',
      role: 'user' as const,
      selectiveLogic: 'AND_ALL' as const,
    };
    const result = entryFromDraft(draft);
    expect(result.ok && result.entry).toEqual({ keys: ['a'], content: '', position: 'before' });
  });

  it('reports numbers out of range and regex keys that do not compile, by field', () => {
    const draft = {
      ...emptyEntryDraft(),
      keys: 'ok\n/unclosed(/',
      probability: '140',
      scanDepth: '1.5',
      position: 'depth' as const,
      depth: '-1',
    };
    const result = entryFromDraft(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.probability).toBe('Probability must be a number from 0 to 100.');
    expect(result.errors.scanDepth).toBe('Scan depth must be a whole number from 0 to 1000.');
    expect(result.errors.depth).toBe('Depth must be a whole number from 0 to 10000.');
    expect(result.errors.keys).toContain('/unclosed(/');
  });

  it('shows a probability the card switched off as the default', () => {
    const draft = draftFromEntry({ keys: ['a'], content: '', probability: 10, useProbability: false });
    expect(draft.probability).toBe('');
  });

  it('splits keys by line and by comma (as SillyTavern does), keeping the commas of regex keys', () => {
    expect(splitKeys('/a{1,2}/\nb, c')).toEqual(['/a{1,2}/', 'b', 'c']);
    expect(splitKeys('dragon, wyrm ,, /x{2,3}y/i, fire\n\n  castle  ')).toEqual([
      'dragon',
      'wyrm',
      '/x{2,3}y/i',
      'fire',
      'castle',
    ]);
    // an unclosed slash is a plain key, and the comma after it still separates
    expect(splitKeys('/half, whole')).toEqual(['/half', 'whole']);
    expect(invalidRegexKeys('/a{1,2}/\nplain (text')).toEqual([]);
  });
});
