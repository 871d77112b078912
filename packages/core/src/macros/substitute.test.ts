import { describe, expect, it } from 'vitest';
import { substituteMacros, variableStoreFrom } from './substitute.js';

const now = new Date('2026-03-04T15:07:00Z');
const base = {
  user: 'Ann',
  char: 'Bob',
  persona: 'A curious traveller',
  now,
  timeZone: 'UTC',
  locale: 'en-US',
};

describe('substituteMacros', () => {
  it('replaces names, persona and dates', () => {
    expect(substituteMacros('{{user}} meets {{char}}. {{persona}}', base)).toBe(
      'Ann meets Bob. A curious traveller',
    );
    expect(substituteMacros('{{date}} | {{time}} | {{datetime}}', base)).toBe(
      'March 4, 2026 | 3:07 PM | March 4, 2026 3:07 PM',
    );
  });

  it('is case-insensitive for macro names and tolerates spaces', () => {
    expect(substituteMacros('{{User}} {{ CHAR }}', base)).toBe('Ann Bob');
  });

  it('picks random items in both syntaxes', () => {
    const first = { ...base, random: () => 0 };
    const last = { ...base, random: () => 0.999 };
    expect(substituteMacros('{{random:a,b,c}}', first)).toBe('a');
    expect(substituteMacros('{{random:a,b,c}}', last)).toBe('c');
    expect(substituteMacros('{{random::x y::z}}', first)).toBe('x y');
    expect(substituteMacros('{{random::x y::z}}', last)).toBe('z');
    expect(substituteMacros('{{random:1\\,5,2}}', first)).toBe('1,5');
  });

  it('pick is stable for the same text and seed and varies with the seed', () => {
    const text = '{{pick::a::b::c::d::e::f::g::h}}';
    const one = substituteMacros(text, { seed: 'chat-1' });
    for (let i = 0; i < 5; i++) expect(substituteMacros(text, { seed: 'chat-1' })).toBe(one);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) seen.add(substituteMacros(text, { seed: `chat-${i}` }));
    expect(seen.size).toBeGreaterThan(1);
    expect(substituteMacros('{{pick:a,b}}', { seed: 1 })).toMatch(/^[ab]$/);
  });

  it('reads chat and global variables', () => {
    const env = { variables: { hp: 12, bag: { a: 1 } }, globalVariables: { realm: 'North' } };
    expect(
      substituteMacros('{{getvar::hp}} {{getvar::bag}} {{getglobalvar::realm}} [{{getvar::none}}]', env),
    ).toBe('12 {"a":1} North []');
  });

  it('does not see inherited properties as variables', () => {
    expect(substituteMacros('[{{getvar::toString}}] [{{getvar::__proto__}}]', { variables: {} })).toBe(
      '[] []',
    );
  });

  it('removes comments', () => {
    expect(substituteMacros('a{{// a note\nacross lines}}b', base)).toBe('ab');
  });

  it('removes side-effect macros without applying them by default', () => {
    const variables: Record<string, unknown> = { hp: 3 };
    const globals: Record<string, unknown> = {};
    const out = substituteMacros(
      '{{setvar::hp::10}}{{addvar::hp::1}}{{incvar::hp}}{{decvar::hp}}{{deletevar::hp}}{{setglobalvar::g::1}}{{incglobalvar::g}}x',
      { variables, globalVariables: globals },
    );
    expect(out).toBe('x');
    expect(variables).toEqual({ hp: 3 });
    expect(globals).toEqual({});
  });

  it('applies side effects when asked, in order', () => {
    const variables: Record<string, unknown> = {};
    const globalVariables = variableStoreFrom({});
    const out = substituteMacros(
      '{{setvar::hp::10}}{{addvar::hp::5}}[{{getvar::hp}}]{{incvar::hp}}{{decvar::n}}{{addvar::s::ab}}{{addvar::s::cd}}{{setglobalvar::g::x::y}}{{deletevar::gone}}',
      { variables: { ...variables }, globalVariables, applySideEffects: true },
    );
    expect(out).toBe('[15]16-1');
    expect(globalVariables.get('g')).toBe('x::y');
    const store = { hp: 1 } as Record<string, unknown>;
    substituteMacros('{{incvar::hp}}{{addvar::s::ab}}{{addvar::s::cd}}{{deletevar::hp}}', {
      variables: store,
      applySideEffects: true,
    });
    expect(store).toEqual({ s: 'abcd' });
  });

  it('leaves unknown macros and malformed ones as written', () => {
    expect(substituteMacros('{{unknown}} {{foo::bar}} {{user::x}} {{getvar}} {{random}} {{', base)).toBe(
      '{{unknown}} {{foo::bar}} {{user::x}} {{getvar}} {{random}} {{',
    );
  });

  it('runs one pass: results are not expanded again', () => {
    const env = { ...base, variables: { note: '{{user}}' } };
    expect(substituteMacros('{{getvar::note}}', env)).toBe('{{user}}');
    // the innermost macro is replaced; the outer one is not re-read
    expect(substituteMacros('{{getvar::{{user}}}}', env)).toBe('{{getvar::Ann}}');
  });
});
