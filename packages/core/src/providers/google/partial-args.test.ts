import { describe, expect, it } from 'vitest';
import { PartialArgsAssembler, parseJsonPath } from './partial-args.js';
import { GeminiStreamReader } from './stream.js';

describe('parseJsonPath', () => {
  it('reads dotted, bracketed and quoted paths', () => {
    expect(parseJsonPath('$.foo.bar[0].data')).toEqual(['foo', 'bar', 0, 'data']);
    expect(parseJsonPath("$['a b']['c\\'d']")).toEqual(['a b', "c'd"]);
    expect(parseJsonPath('$["x"][12]')).toEqual(['x', 12]);
    expect(parseJsonPath('$')).toEqual([]);
    expect(parseJsonPath('foo')).toBeUndefined();
    expect(parseJsonPath('$.')).toBeUndefined();
    expect(parseJsonPath('$[-1]')).toBeUndefined();
  });
});

describe('PartialArgsAssembler', () => {
  it('joins string pieces of one path only while willContinue holds', () => {
    const a = new PartialArgsAssembler();
    a.apply({ jsonPath: '$.s', stringValue: 'ab', willContinue: true });
    a.apply({ jsonPath: '$.s', stringValue: 'cd' });
    expect(a.args).toEqual({ s: 'abcd' });
    // a new piece for the path after it ended replaces the value
    a.apply({ jsonPath: '$.s', stringValue: 'new' });
    expect(a.args).toEqual({ s: 'new' });
  });

  it('builds nested objects and arrays and sets numbers, booleans and null', () => {
    const a = new PartialArgsAssembler();
    a.merge({ fixed: 1 });
    a.apply({ jsonPath: '$.list[1].x', numberValue: 2.5 });
    a.apply({ jsonPath: '$.flag', boolValue: false });
    a.apply({ jsonPath: '$.none', nullValue: 'NULL_VALUE' });
    expect(a.args).toEqual({ fixed: 1, list: [undefined, { x: 2.5 }], flag: false, none: null });
  });

  it('refuses prototype keys and paths it cannot read', () => {
    const a = new PartialArgsAssembler();
    expect(a.apply({ jsonPath: '$.__proto__.polluted', boolValue: true })).toBe(false);
    expect(a.apply({ jsonPath: 'nope', stringValue: 'x' })).toBe(false);
    a.merge(JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(a.args).toEqual({ ok: 1 });
  });
});

describe('GeminiStreamReader argument deltas', () => {
  it('stops sending deltas when a piece changes text already sent, and the final call is still right', () => {
    const reader = new GeminiStreamReader();
    const part = (functionCall: Record<string, unknown>) => ({
      candidates: [{ index: 0, content: { role: 'model', parts: [{ functionCall }] } }],
    });
    const events = [
      ...reader.push(part({ name: 'f', willContinue: true })),
      ...reader.push(part({ partialArgs: [{ jsonPath: '$.a.b', stringValue: 'x' }], willContinue: true })),
      ...reader.push(part({ partialArgs: [{ jsonPath: '$.c', numberValue: 1 }], willContinue: true })),
      // inserts into `a`, which was already sent: the text so far is no longer a prefix
      ...reader.push(part({ partialArgs: [{ jsonPath: '$.a.d', numberValue: 2 }], willContinue: true })),
      ...reader.push(part({ partialArgs: [{ jsonPath: '$.e', numberValue: 3 }], willContinue: true })),
      ...reader.push(part({})),
      ...reader.push({ candidates: [{ index: 0, finishReason: 'STOP' }] }),
      ...reader.end(),
    ];
    const deltas = events
      .filter((e) => e.type === 'tool-call-delta')
      .map((e) => (e as { argsDelta: string }).argsDelta)
      .join('');
    const call = events.find((e) => e.type === 'tool-call');
    expect(call).toMatchObject({ args: { a: { b: 'x', d: 2 }, c: 1, e: 3 } });
    expect(deltas).toBe('{"a":{"b":"x"},"c":1');
    expect((call as { rawArgs: string }).rawArgs.startsWith(deltas)).toBe(false);
  });

  it('ignores a nameless functionCall part when no call is open', () => {
    const reader = new GeminiStreamReader();
    const events = [
      ...reader.push({
        candidates: [
          {
            index: 0,
            content: { parts: [{ functionCall: { name: 'f', args: { a: 1 } } }, { functionCall: {} }] },
          },
        ],
      }),
      ...reader.push({ candidates: [{ index: 0, finishReason: 'STOP' }] }),
      ...reader.end(),
    ];
    expect(events.filter((e) => e.type === 'tool-call')).toMatchObject([{ name: 'f', args: { a: 1 } }]);
    expect(events.filter((e) => e.type === 'tool-call-start')).toHaveLength(1);
  });

  it('an error object in a chunk throws, a null one does not', () => {
    const reader = new GeminiStreamReader();
    expect(
      reader.push({ error: null, candidates: [{ index: 0, content: { parts: [{ text: 'a' }] } }] }),
    ).toEqual([{ type: 'text-delta', text: 'a' }]);
    expect(() => reader.push({ error: { code: 401, message: 'no', status: 'UNAUTHENTICATED' } })).toThrow(
      expect.objectContaining({ code: 'auth_missing' }),
    );
  });
});
