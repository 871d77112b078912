import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeXmlEntities, findFirst } from './scan-utils.js';

const TOKENS = ['<｜tool_call_end｜>', '<｜tool_sep｜>', '</x>', '`', '``', '\n'];

/** The plain definition: every place, every marker, no regex. */
function reference(buf: string, from: number, markers: readonly string[], final: boolean) {
  for (let i = from; i < buf.length; i++) {
    for (const marker of markers) if (buf.startsWith(marker, i)) return { index: i, marker };
  }
  if (!final) {
    for (let i = from; i < buf.length; i++) {
      if (markers.some((m) => buf.length - i < m.length && m.startsWith(buf.slice(i))))
        return { index: -1, safeEnd: i };
    }
  }
  return { index: -1, safeEnd: buf.length };
}

describe('findFirst', () => {
  it('takes the first marker in list order where several start at the earliest place', () => {
    expect(findFirst('a ``b', 0, ['`', '``'], false)).toEqual({ index: 2, marker: '`' });
    expect(findFirst('a ``b', 0, ['``', '`'], false)).toEqual({ index: 2, marker: '``' });
  });

  it('prefers a whole marker to one cut off before it at the end of the buffer', () => {
    expect(findFirst('xx ab', 0, ['abc', 'b'], false)).toEqual({ index: 4, marker: 'b' });
    expect(findFirst('xx ab', 0, ['abc'], false)).toEqual({ index: -1, safeEnd: 3 });
    expect(findFirst('xx ab', 0, ['abc'], true)).toEqual({ index: -1, safeEnd: 5 });
  });

  it('agrees with the plain definition on text made of marker pieces', () => {
    const piece = fc.constantFrom(
      'a',
      ' ',
      '<',
      '｜',
      '/',
      'x',
      '>',
      '`',
      '\n',
      ...TOKENS,
      ...TOKENS.map((t) => t.slice(0, 3)),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
        fc.nat(4),
        fc.subarray(TOKENS, { minLength: 1 }),
        fc.boolean(),
        (buf, from, markers, final) => {
          const start = Math.min(from, buf.length);
          expect(findFirst(buf, start, markers, final)).toEqual(reference(buf, start, markers, final));
        },
      ),
      { seed: 10, numRuns: 2000 },
    );
  });
});

describe('decodeXmlEntities', () => {
  it('decodes the five named entities and numeric references, and only those', () => {
    expect(decodeXmlEntities('&lt;a&gt; &amp; &quot;&apos; &#65;&#x42;')).toBe('<a> & "\' AB');
    // names of Object members are no entities: they stay as written
    expect(decodeXmlEntities('&constructor; &toString; &__proto__;')).toBe(
      '&constructor; &toString; &__proto__;',
    );
  });
});
