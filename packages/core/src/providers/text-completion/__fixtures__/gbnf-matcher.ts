// Test support: a small GBNF reader and matcher (llama.cpp grammar syntax: rules `name ::= …`, "literals",
// [classes] with ranges, \x escapes and ^, groups, | alternatives, ? * + and {m,n}), so tests can check that a
// grammar we send accepts the text it is meant for and refuses the rest. Backtracking, for small inputs only.

type Node =
  | { kind: 'lit'; text: string }
  | { kind: 'class'; negate: boolean; ranges: [number, number][] }
  | { kind: 'ref'; name: string }
  | { kind: 'alt'; options: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

function readEscape(source: string, at: number): [string, number] {
  const c = source[at + 1];
  const simple: Record<string, string> = {
    n: '\n',
    t: '\t',
    r: '\r',
    '\\': '\\',
    '"': '"',
    ']': ']',
    '[': '[',
    '-': '-',
    '^': '^',
    '/': '/',
  };
  if (c === 'x') return [String.fromCharCode(Number.parseInt(source.slice(at + 2, at + 4), 16)), at + 4];
  if (c === 'u') return [String.fromCharCode(Number.parseInt(source.slice(at + 2, at + 6), 16)), at + 6];
  if (c in simple) return [simple[c], at + 2];
  throw new Error(`unknown escape \\${c}`);
}

/** Parses a grammar into its rules. */
export function parseGbnf(source: string): Map<string, Node> {
  const rules = new Map<string, Node>();
  let at = 0;
  const space = (newlines: boolean) => {
    while (at < source.length) {
      const c = source[at];
      if (c === ' ' || c === '\t' || (newlines && (c === '\n' || c === '\r'))) at++;
      else if (c === '#') while (at < source.length && source[at] !== '\n') at++;
      else break;
    }
  };
  const name = () => {
    const m = /^[a-zA-Z0-9-]+/.exec(source.slice(at));
    if (!m) throw new Error(`expected a name at ${at}: ${source.slice(at, at + 20)}`);
    at += m[0].length;
    return m[0];
  };
  const alternatives = (nested: boolean): Node => {
    const options: Node[][] = [sequence(nested)];
    while (source[at] === '|') {
      at++;
      space(nested);
      options.push(sequence(nested));
    }
    return { kind: 'alt', options };
  };
  const sequence = (nested: boolean): Node[] => {
    const items: Node[] = [];
    for (;;) {
      space(nested);
      const c = source[at];
      if (c === undefined || c === '|' || c === ')' || (!nested && (c === '\n' || c === '\r'))) return items;
      let node: Node;
      if (c === '"') {
        let text = '';
        at++;
        while (source[at] !== '"') {
          if (source[at] === '\\') {
            const [ch, next] = readEscape(source, at);
            text += ch;
            at = next;
          } else text += source[at++];
        }
        at++;
        node = { kind: 'lit', text };
      } else if (c === '[') {
        at++;
        const negate = source[at] === '^';
        if (negate) at++;
        const ranges: [number, number][] = [];
        const char = () => {
          if (source[at] === '\\') {
            const [ch, next] = readEscape(source, at);
            at = next;
            return ch.charCodeAt(0);
          }
          return source.charCodeAt(at++);
        };
        while (source[at] !== ']') {
          const from = char();
          if (source[at] === '-' && source[at + 1] !== ']') {
            at++;
            ranges.push([from, char()]);
          } else ranges.push([from, from]);
        }
        at++;
        node = { kind: 'class', negate, ranges };
      } else if (c === '(') {
        at++;
        space(true);
        node = alternatives(true);
        space(true);
        if (source[at++] !== ')') throw new Error(`expected ) at ${at}`);
      } else node = { kind: 'ref', name: name() };
      const suffix = source[at];
      if (suffix === '?' || suffix === '*' || suffix === '+') {
        at++;
        node = {
          kind: 'repeat',
          node,
          min: suffix === '+' ? 1 : 0,
          max: suffix === '?' ? 1 : Number.POSITIVE_INFINITY,
        };
      } else if (suffix === '{') {
        const m = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(at));
        if (!m) throw new Error(`bad repetition at ${at}`);
        at += m[0].length;
        const min = Number(m[1]);
        const max = m[2] === undefined ? min : m[2] === '' ? Number.POSITIVE_INFINITY : Number(m[2]);
        node = { kind: 'repeat', node, min, max };
      }
      items.push(node);
    }
  };
  space(true);
  while (at < source.length) {
    const rule = name();
    space(false);
    if (source.slice(at, at + 3) !== '::=') throw new Error(`expected ::= after ${rule}`);
    at += 3;
    space(false);
    rules.set(rule, alternatives(false));
    space(true);
  }
  for (const [rule, node] of rules) checkRefs(node, rules, rule);
  if (!rules.has('root')) throw new Error('the grammar has no root rule');
  return rules;
}

function checkRefs(node: Node, rules: Map<string, Node>, rule: string): void {
  if (node.kind === 'ref' && !rules.has(node.name))
    throw new Error(`rule ${rule} names undefined rule ${node.name}`);
  if (node.kind === 'alt') for (const seq of node.options) for (const n of seq) checkRefs(n, rules, rule);
  if (node.kind === 'repeat') checkRefs(node.node, rules, rule);
}

/** Whether the whole text is one the grammar's root produces. */
export function gbnfAccepts(grammar: string, text: string): boolean {
  const rules = parseGbnf(grammar);
  const ends = (node: Node, at: number): number[] => {
    switch (node.kind) {
      case 'lit':
        return text.startsWith(node.text, at) ? [at + node.text.length] : [];
      case 'class': {
        if (at >= text.length) return [];
        const code = text.charCodeAt(at);
        const inside = node.ranges.some(([from, to]) => code >= from && code <= to);
        return inside !== node.negate ? [at + 1] : [];
      }
      case 'ref':
        return ends(rules.get(node.name)!, at);
      case 'alt':
        return [...new Set(node.options.flatMap((seq) => seqEnds(seq, at)))];
      case 'repeat': {
        let frontier = [at];
        const out = new Set<number>(node.min === 0 ? [at] : []);
        for (let count = 1; count <= node.max && frontier.length > 0; count++) {
          frontier = [...new Set(frontier.flatMap((p) => ends(node.node, p)))].filter(
            (p) => !out.has(p) || count <= node.min,
          );
          if (count >= node.min) for (const p of frontier) out.add(p);
        }
        return [...out];
      }
    }
  };
  const seqEnds = (seq: Node[], at: number): number[] =>
    seq.reduce<number[]>((positions, node) => [...new Set(positions.flatMap((p) => ends(node, p)))], [at]);
  return ends(rules.get('root')!, 0).includes(text.length);
}
