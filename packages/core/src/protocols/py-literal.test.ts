import { expect, it } from 'vitest';
import { LiteralTranscoder } from './py-literal.js';
import { pythonLiteralToJson } from './typed-value.js';

it('converts Python and Gemma literals to JSON', () => {
  const cases: [string, unknown][] = [
    ["{'a': 1, 'b': [True, None, 'x']}", { a: 1, b: [true, null, 'x'] }],
    ['(1, 2,)', [1, 2]],
    ["{'urgent', 'bug'}", ['urgent', 'bug']],
    ["{'x'}", ['x']],
    ['{}', {}],
    ['[]', []],
    ["'Martha\\'s \"v\"'", 'Martha\'s "v"'],
    ['07', 7],
    ['-3.5e2', -350],
    ["{1: 'a', 'k': {'n': (1,)}}", { '1': 'a', k: { n: [1] } }],
    ["'😀 \\u00e9 \\x41\\n'", '😀 é A\n'],
  ];
  for (const [src, want] of cases) {
    const j = pythonLiteralToJson(src);
    expect([src, j === undefined ? undefined : JSON.parse(j)]).toEqual([src, want]);
  }
  expect(pythonLiteralToJson('foo')).toBeUndefined();
  expect(pythonLiteralToJson('1e999')).toBeUndefined();
  expect(pythonLiteralToJson('[1,')).toBeUndefined();
  // gemma
  let out = '';
  const t = new LiteralTranscoder('gemma', (s) => {
    out += s;
  });
  const src =
    '{name:<|"|>te,st<|"|>,count:42,nested:{inner:<escape>v<escape>},list:[<|"|>a<|"|>,<|"|>b<|"|>],f:true}';
  // one character at a time, the way a stream may cut it; the caller keeps what was not consumed
  let pos = 0;
  for (let i = 0; i < src.length && !t.done; i++) pos = t.feed(src.slice(0, i + 1), pos, false);
  expect(t.done).toBe(true);
  expect(JSON.parse(out)).toEqual({
    name: 'te,st',
    count: 42,
    nested: { inner: 'v' },
    list: ['a', 'b'],
    f: true,
  });
});

it('takes a bare word named like an Object member (constructor, toString) for a word, not a value', () => {
  // a lookup in a plain object found Object.prototype's functions and emitted them as JSON text
  for (const word of ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty'])
    expect([word, pythonLiteralToJson(word)]).toEqual([word, undefined]);
  expect(JSON.parse(pythonLiteralToJson("{'a': [True, None]}") ?? 'null')).toEqual({ a: [true, null] });
});
