import type { CallHandle } from '../event-sink.js';
import { type ParserContext, type ParserState, take } from '../parser-context.js';
import type { TextParserTool } from '../parser-types.js';
import { MAX_NAME } from '../scan-names.js';
import { findFirst } from '../scan-utils.js';
import { parameterTypes, typedValue } from '../typed-value.js';

/** The namespace every MiniMax-M3 structural tag starts with. */
export const M3_NS = ']<]minimax[>[';
export const M3_INVOKE_CLOSE = `${M3_NS}</invoke>`;
export const M3_BLOCK_CLOSE = `${M3_NS}</tool_call>`;

const NS_LIST = [M3_NS];
/** Deeper tags are dropped (their text joins the deepest value): nesting stays bounded. */
const MAX_DEPTH = 8;
/** Longer than any argument tag: a tag not closed by `>` within this reach is text. */
const TAG_REACH = MAX_NAME + 64;
const TAG = /^<(\/?)([A-Za-z_][\w.:-]*)(?:\s[^<]*)?$/;

type Schema = Record<string, unknown> | undefined;

/** One argument tag: text (a leaf) or child tags (an object or an array). */
interface Node {
  key: string;
  text: string;
  children: Node[] | null;
}

/**
 * The body of one MiniMax-M3 call: arguments named by their tags (`]<]minimax[>[<city>Paris]<]minimax[>[</city>`),
 * objects as nested tags, arrays as repeated tags; leaf text has its XML entities decoded and is typed from the
 * tool's schema. The arguments are emitted whole at `</invoke>` (a nested value is only known once it closes),
 * then `done(ctx, endTag)`; endTag '' when the input ended. With no call (an unknown tool) all is dropped.
 */
export class M3ArgsState implements ParserState {
  private readonly stack: Node[] = [{ key: '', text: '', children: [] }];
  private atTag = false;

  constructor(
    private readonly call: CallHandle | undefined,
    private readonly done: (ctx: ParserContext, endTag: string) => void,
  ) {}

  step(ctx: ParserContext): boolean {
    if (this.atTag) return this.readTag(ctx);
    const r = findFirst(ctx.buf, ctx.pos, NS_LIST, ctx.final);
    this.addText(take(ctx, 'marker' in r ? r.index : r.safeEnd));
    if (!('marker' in r)) return false;
    this.atTag = true;
    return true;
  }

  /** At the namespace: the tag after it, read whole before anything is consumed. */
  private readTag(ctx: ParserContext): boolean {
    const from = ctx.pos + M3_NS.length;
    const gt = ctx.buf.slice(from, from + TAG_REACH).indexOf('>');
    if (gt < 0 && !ctx.final && ctx.buf.length - from < TAG_REACH) return false;
    this.atTag = false;
    const m = gt < 0 ? null : TAG.exec(ctx.buf.slice(from, from + gt));
    if (!m) {
      // the namespace without a tag after it is text
      this.addText(take(ctx, from));
      return true;
    }
    const [, slash, name] = m;
    if (!slash && name === 'invoke') {
      // the next call began before this one closed: it ends here, the block reads the next one
      this.end(ctx, M3_INVOKE_CLOSE);
      return true;
    }
    ctx.pos = from + gt + 1;
    if (slash && (name === 'invoke' || name === 'tool_call')) {
      this.end(ctx, name === 'invoke' ? M3_INVOKE_CLOSE : M3_BLOCK_CLOSE);
      return true;
    }
    if (slash) {
      // closes the nearest open tag of that name, and any left open inside it (an empty container's close
      // may be left out); a close matching nothing is dropped
      for (let i = this.stack.length - 1; i > 0; i--) {
        if (this.stack[i].key === name) {
          this.stack.length = i;
          break;
        }
      }
      return true;
    }
    if (this.stack.length > MAX_DEPTH || name === 'tool_call') return true;
    const parent = this.stack[this.stack.length - 1];
    // text before a container's first child was layout
    if (!parent.children) parent.children = [];
    const node: Node = { key: name, text: '', children: null };
    parent.children.push(node);
    this.stack.push(node);
    return true;
  }

  /** Text goes to the open leaf; between tags it is layout. */
  private addText(s: string): void {
    const top = this.stack[this.stack.length - 1];
    if (s && !top.children) top.text += s;
  }

  private end(ctx: ParserContext, endTag: string): void {
    if (this.call) {
      const tool = ctx.tools.get(this.call.name);
      const json = JSON.stringify(objectOf(this.stack[0].children ?? [], tool?.parameters));
      ctx.sink.argsDelta(this.call, json);
      ctx.sink.finishCall(this.call, json);
    }
    this.done(ctx, endTag);
  }

  finish(ctx: ParserContext): void {
    if (this.call) {
      ctx.sink.failCall(
        this.call,
        'truncated',
        `${this.call.name}: the call was cut off before it ended.`,
        '',
      );
    }
    this.done(ctx, '');
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/** XML entities in leaf text: the named five and numeric references. */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(lt|gt|quot|apos|amp|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (all, e: string) => {
    if (e[0] !== '#') return ENTITIES[e];
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

/** A schema wrapped as a one-parameter tool, so the shared typing reads it. */
function asTool(schema: Schema): TextParserTool | undefined {
  return schema ? { name: '', parameters: { type: 'object', properties: { v: schema } } } : undefined;
}

/** The schema's own or its first anyOf/oneOf member's `field` (`properties`, `items`). */
function schemaField(schema: Schema, field: string): unknown {
  if (!schema) return undefined;
  if (schema[field] !== undefined) return schema[field];
  for (const k of ['anyOf', 'oneOf']) {
    const list = schema[k];
    if (!Array.isArray(list)) continue;
    for (const sub of list) {
      if (sub && typeof sub === 'object' && (sub as Record<string, unknown>)[field] !== undefined)
        return (sub as Record<string, unknown>)[field];
    }
  }
  return undefined;
}

function asSchema(v: unknown): Schema {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function propertyOf(schema: Schema, key: string): Schema {
  const props = asSchema(schemaField(schema, 'properties'));
  return props && Object.hasOwn(props, key) ? asSchema(props[key]) : undefined;
}

/** Child tags as an object; a key repeated is an array of its values. */
function objectOf(children: readonly Node[], schema: Schema): Record<string, unknown> {
  const groups = new Map<string, Node[]>();
  for (const c of children) {
    const list = groups.get(c.key);
    if (list) list.push(c);
    else groups.set(c.key, [c]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, nodes] of groups) {
    const s = propertyOf(schema, key);
    if (nodes.length === 1) out[key] = tagValue(nodes[0], s);
    else {
      const items = parameterTypes(asTool(s), 'v')?.has('array') ? asSchema(schemaField(s, 'items')) : s;
      out[key] = nodes.map((n) => tagValue(n, items));
    }
  }
  return out;
}

/** A tag's value as its schema says: an array of its children or of its text, an object, a typed leaf. */
function tagValue(n: Node, schema: Schema): unknown {
  const types = parameterTypes(asTool(schema), 'v');
  const items = asSchema(schemaField(schema, 'items'));
  if (n.children) {
    const array = types
      ? types.has('array') && !types.has('object')
      : n.children.every((c) => c.key === 'item');
    return array ? n.children.map((c) => tagValue(c, items)) : objectOf(n.children, schema);
  }
  const text = decodeEntities(n.text);
  if (types && !types.has('string') && !text.trim()) {
    // an empty container
    if (types.has('array')) return [];
    if (types.has('object')) return {};
  }
  const value = typedValue(asTool(schema), 'v', text);
  // one item written as a single repeated-key tag
  if (types?.has('array') && !types.has('string') && !Array.isArray(value))
    return [typedValue(asTool(items), 'v', text)];
  return value;
}
