import { beforeAll, describe, expect, it } from 'vitest';
import type { WorldInfoActivationTrace } from '../../api/types';
import { i18n } from '../../i18n/i18n';
import en from '../../i18n/locales/en';
import pl from '../../i18n/locales/pl';
import zhTW from '../../i18n/locales/zh-TW';
import { reasonText, traceLines } from './activation-text';

const name = (title: string, uid: number) => ({ book: 'b1', bookName: 'Atlas', uid, title });

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
});

describe('activation trace text', () => {
  it('says why each entry was used, dropped or skipped, used ones first', () => {
    const activation: WorldInfoActivationTrace = {
      at: '2026-01-01T00:00:00.000Z',
      activated: [],
      recursionDepth: 1,
      trace: [
        { ...name('Harbor', 0), activated: false, skipped: 'no_match' },
        {
          ...name('Dragons', 1),
          activated: true,
          reason: { kind: 'key', key: 'dragon', match: 'Dragon', messageIndex: 0 },
        },
        {
          ...name('Gold', 2),
          activated: false,
          skipped: 'dropped_probability',
          roll: 71.2,
          reason: { kind: 'constant' },
        },
        {
          ...name('', 3),
          activated: true,
          reason: {
            kind: 'recursion',
            depth: 1,
            key: 'gold',
            match: 'gold',
            triggeredBy: { book: 'b1', uid: 1 },
          },
        },
        { ...name('Keys', 4), activated: false, skipped: 'no_match', failedLogic: 'NOT_ANY' },
      ],
    };
    expect(traceLines(activation)).toEqual([
      { label: 'Atlas › Dragons', text: 'key “dragon” matched “Dragon”', state: 'on' },
      {
        label: 'Atlas › entry 3',
        text: 'recursion round 1: key “gold” found in another entry (1)',
        state: 'on',
      },
      {
        label: 'Atlas › Gold',
        text: 'dropped: probability roll missed (rolled 71) — had matched: constant (always active)',
        state: 'dropped',
      },
      { label: 'Atlas › Harbor', text: 'no key matched', state: 'off' },
      { label: 'Atlas › Keys', text: 'a key matched but secondary logic NOT_ANY rejected it', state: 'off' },
    ]);
  });

  it('names the secondary keys found', () => {
    expect(
      reasonText({
        kind: 'secondary',
        key: 'k',
        match: 'K',
        messageIndex: 0,
        logic: 'AND_ALL',
        secondaryMatches: ['x', 'y'],
      }),
    ).toBe('key “k” matched “K”, secondary logic AND_ALL (“x”, “y”)');
  });

  it('words timed effects and inclusion-group losses', () => {
    const activation: WorldInfoActivationTrace = {
      at: '2026-01-01T00:00:00.000Z',
      activated: [],
      recursionDepth: 0,
      trace: [
        {
          ...name('Storm', 0),
          activated: true,
          reason: { kind: 'sticky', remaining: 2 },
        },
        {
          ...name('Fog', 1),
          activated: true,
          reason: { kind: 'constant' },
          started: { sticky: 1, cooldown: 3 },
        },
        {
          ...name('Rain', 2),
          activated: false,
          skipped: 'cooldown',
          timed: { effect: 'cooldown', remaining: 1 },
        },
        { ...name('Snow', 3), activated: false, skipped: 'delay', timed: { effect: 'delay', remaining: 4 } },
        {
          ...name('Hail', 4),
          activated: false,
          skipped: 'group_lost',
          group: {
            name: 'weather',
            won: false,
            rule: 'score',
            winner: { book: 'b1', uid: 0 },
            score: 1,
            bestScore: 2,
          },
        },
      ],
    };
    expect(traceLines(activation).map((l) => l.text)).toEqual([
      'sticky, 2 messages left',
      'constant (always active); sticky for 1 message; then cooldown 3 messages',
      'cooling down, 1 message left',
      'delayed, the chat needs 4 messages more',
      'lost its inclusion group “weather” to entry 0: 1 keys matched, the best had 2',
    ]);
  });

  it('speaks the reader’s language, with Polish plural forms; names stay as written', async () => {
    const timed: WorldInfoActivationTrace = {
      at: '2026-01-01T00:00:00.000Z',
      activated: [],
      recursionDepth: 0,
      trace: [
        { ...name('Burza', 0), activated: true, reason: { kind: 'sticky', remaining: 2 } },
        {
          ...name('Deszcz', 1),
          activated: false,
          skipped: 'cooldown',
          timed: { effect: 'cooldown', remaining: 5 },
        },
        { ...name('', 2), activated: false, skipped: 'no_match' },
        {
          ...name('Smok', 3),
          activated: true,
          reason: { kind: 'key', key: 'smok', match: 'Smok', messageIndex: 0 },
        },
      ],
    };
    i18n.addResourceBundle('pl', 'translation', pl);
    i18n.addResourceBundle('zh-TW', 'translation', zhTW);
    try {
      await i18n.changeLanguage('pl');
      expect(traceLines(timed).map((l) => `${l.label}: ${l.text}`)).toEqual([
        'Atlas › Burza: trwały, zostały 2 wiadomości',
        'Atlas › Smok: klucz „smok” pasuje do „Smok”',
        'Atlas › Deszcz: w odnowieniu, zostało 5 wiadomości',
        'Atlas › wpis 2: żaden klucz nie pasuje',
      ]);
      await i18n.changeLanguage('zh-TW');
      expect(traceLines(timed).map((l) => `${l.label}: ${l.text}`)).toEqual([
        'Atlas › Burza: 持續有效，還剩 2 則訊息',
        'Atlas › Smok: 關鍵字「smok」符合「Smok」',
        'Atlas › Deszcz: 冷卻中，還剩 5 則訊息',
        'Atlas › 條目 2: 沒有符合的關鍵字',
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
