import { InvokeBlockState, type InvokeDialect } from '../invoke-block.js';
import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import { isNameChar, MAX_NAME } from '../scan-names.js';
import { isWhitespace, type MatchResult, matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

/** MiniCPM5 writes double quotes; single ones are read too (vLLM's minicpm5 parser takes both). */
function dialect(quote: '"' | "'"): InvokeDialect {
  return {
    format: 'minicpm',
    invoke: `<function name=${quote}`,
    nameEnd: quote,
    params: {
      format: 'minicpm',
      open: `<param name=${quote}`,
      keyEnd: quote,
      valueOpen: '>',
      close: '</param>',
      ends: ['</function>'],
      // the value is trimmed: a value on lines of its own is one
      trimNewlines: true,
      // `<![CDATA[…]]>` around a value that holds markup or several lines
      cdata: true,
    },
    invokeClose: '</function>',
    // no wrapper: each call is a block of its own
    blockClose: '',
    skip: [],
    junk: 'end',
    jsonBody: false,
  };
}

/** Longest blank run looked through between the tag and its first parameter. */
const MAX_GAP = 64;

/**
 * After `<function name="`: a name, its closing quote, `>`, blanks, then `<param name=` or `</function>`.
 * Prose that shows the tag (`<function name="get_weather"> is how…`) has no body after it and stays text;
 * the look stays within a name and a gap, so nothing long is held back.
 */
function bodyFollows(quote: string) {
  return (buf: string, at: number, final: boolean): MatchResult => {
    const more = final ? 'no' : 'partial';
    let i = at;
    while (i < buf.length && isNameChar(buf.charCodeAt(i))) if (++i - at > MAX_NAME) return 'no';
    if (i >= buf.length) return more;
    if (i === at || buf[i] !== quote) return 'no';
    i++;
    if (i >= buf.length) return more;
    if (buf[i] !== '>') return 'no';
    const gap = ++i;
    while (i < buf.length && isWhitespace(buf.charCodeAt(i))) if (++i - gap > MAX_GAP) return 'no';
    if (i >= buf.length) return more;
    const param = matchLiteral(buf, i, `<param name=${quote}`, final);
    const close = matchLiteral(buf, i, '</function>', final);
    if (typeof param === 'number' || typeof close === 'number') return 0;
    return param === 'partial' || close === 'partial' ? 'partial' : 'no';
  };
}

function functionTag(d: InvokeDialect): MarkerSpec {
  return {
    open: d.invoke,
    tail: bodyFollows(d.nameEnd),
    enter: (ctx, at, length) => {
      ctx.state = new InvokeBlockState(d, take(ctx, at + length), true);
    },
  };
}

const TAGS = [functionTag(dialect('"')), functionTag(dialect("'"))];

/**
 * MiniCPM5 (openbmb): bare `<function name="NAME"><param name="KEY">v</param>…</function>` blocks, one per
 * call, anywhere in the text; values typed from the tool's schema, maybe in `<![CDATA[…]]>`. A block naming
 * a tool not offered (HTML-like prose) is text as written.
 */
export const minicpmFamily: FamilyParser = { id: 'minicpm', markers: () => TAGS };
