import { describe, expect, it } from 'vitest';
import { decodeArguments } from './decode-args.js';

describe('decodeArguments', () => {
  it('decodes objects, empty text and null', () => {
    expect(decodeArguments('{"a":1,"b":{"c":[1,"x"]}}')).toEqual({
      ok: true,
      args: { a: 1, b: { c: [1, 'x'] } },
    });
    expect(decodeArguments('')).toEqual({ ok: true, args: {} });
    expect(decodeArguments('  \n')).toEqual({ ok: true, args: {} });
    expect(decodeArguments('null')).toEqual({ ok: true, args: {} });
    expect(decodeArguments('""')).toEqual({ ok: true, args: {} });
  });

  it('decodes a JSON string holding an object once, and only once', () => {
    expect(decodeArguments('"{\\"a\\":1}"')).toEqual({ ok: true, args: { a: 1 } });
    expect(decodeArguments(JSON.stringify(JSON.stringify(JSON.stringify({ a: 1 }))))).toMatchObject({
      ok: false,
      kind: 'invalid_arguments',
    });
    expect(decodeArguments('"{\\"a\\":1}"', { allowStringLayer: false })).toMatchObject({
      ok: false,
      kind: 'invalid_arguments',
    });
  });

  it('names what is wrong', () => {
    expect(decodeArguments('{"a":')).toMatchObject({ ok: false, kind: 'invalid_json' });
    expect(decodeArguments('[1]')).toMatchObject({ ok: false, kind: 'invalid_arguments', message: /array/ });
    expect(decodeArguments('42')).toMatchObject({ ok: false, kind: 'invalid_arguments', message: /number/ });
    expect(decodeArguments('"not json"')).toMatchObject({ ok: false, kind: 'invalid_json' });
  });

  it('rejects __proto__ keys anywhere', () => {
    expect(decodeArguments('{"__proto__":{"x":1}}')).toMatchObject({ ok: false, kind: 'forbidden_key' });
    expect(decodeArguments('{"a":[{"__proto__":null}]}')).toMatchObject({
      ok: false,
      kind: 'forbidden_key',
      message: /a\[0\]\.__proto__/,
    });
    expect(decodeArguments('{"proto":1,"constructor":2}')).toMatchObject({ ok: true });
  });
});
