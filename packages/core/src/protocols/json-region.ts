import type { CallHandle } from './event-sink.js';
import { type CallSlot, type JsonCallListener, JsonCallScanner, newSlot } from './json-call-scanner.js';
import {
  availableTools,
  backToText,
  type ParserContext,
  type ParserState,
  PassthroughState,
  take,
  takeWhitespace,
} from './parser-context.js';
import type { TextCallFormat } from './parser-types.js';
import { matchLiteral } from './scan-utils.js';
import { matchBareJsonCall } from './text-markers.js';
import { typedJsonArguments } from './typed-value.js';

export interface JsonRegionOptions {
  format: TextCallFormat;
  /** written after the live trigger: unknown names and non-calls are reported as errors */
  triggered: boolean;
  /** text already consumed for this region (marker, fence, whitespace); returned as content if no call */
  prefix: string;
  /** an optional closing marker after the value (`</tool_call>`, a closing fence) */
  closer?: string;
  /** the value is the arguments of this tool (Mistral `NAME[ARGS]{...}`, DeepSeek, Kimi, harmony) */
  argsFor?: string;
  /** give up as soon as the root object names an unknown tool (bare JSON in prose need not be held) */
  revertOnUnknownName?: boolean;
  /**
   * more values may follow the first, separated by whitespace, `;` or `,` (MiniMax-M1 writes one object
   * per line, Llama 3 separates calls with `;`)
   */
  sequence?: boolean;
  /** where to go when the region is done (default: back to text) */
  next?: (ctx: ParserContext) => void;
  /** the arguments' values are typed from the tool's schema once complete (`typedJsonArguments`) */
  typedArgs?: boolean;
  /**
   * the value is inside a block that already read a call (K2-Horizon's json mode): one naming no known tool
   * is reported and dropped, never given back as text
   */
  inBlock?: boolean;
}

function callOf(slot: CallSlot): CallHandle | undefined {
  return slot.data as CallHandle | undefined;
}

type Phase = 'json' | 'after' | 'separator';

/**
 * One JSON value (or a sequence of them) that may hold tool calls. A call starts streaming as soon as its
 * name is read and known; from then on the region is committed. If the region ends with no known call in
 * it, the whole text is handed back as content (and, after a trigger, the failure is reported).
 */
export class JsonRegionState implements ParserState, JsonCallListener {
  private readonly raw: string[];
  private scanner: JsonCallScanner;
  private readonly argsSlot?: CallSlot;
  private readonly slots: CallSlot[] = [];
  private committed = false;
  private phase: Phase = 'json';
  private afterWs = '';

  constructor(
    private readonly ctx: ParserContext,
    private readonly options: JsonRegionOptions,
  ) {
    this.raw = [options.prefix];
    if (options.argsFor !== undefined) {
      this.argsSlot = newSlot();
      this.argsSlot.name = options.argsFor;
      this.onName(this.argsSlot);
    }
    this.scanner = this.newScanner();
  }

  private newScanner(): JsonCallScanner {
    // {"tool_calls":[...]} is the prompt_json protocol: without its trigger it is not a call
    return new JsonCallScanner(this, this.argsSlot, this.options.triggered);
  }

  onName(slot: CallSlot): void {
    const name = slot.name ?? '';
    if (callOf(slot)) return;
    if (!this.ctx.tools.has(name)) {
      if (this.options.revertOnUnknownName && !this.committed && slot === this.scanner.slots[0]) {
        this.scanner.halted = true;
      }
      return;
    }
    const call = this.ctx.sink.startCall(name, this.options.format);
    slot.data = call;
    this.committed = true;
    if (slot.argsParts.length && !slot.argsIsString) this.ctx.sink.argsDelta(call, slot.argsParts.join(''));
  }

  onArgs(slot: CallSlot, piece: string): void {
    slot.argsParts.push(piece);
    const call = callOf(slot);
    if (call && !slot.argsIsString) this.ctx.sink.argsDelta(call, piece);
  }

  onCallEnd(slot: CallSlot): void {
    if (callOf(slot)) this.finishSlot(slot);
  }

  private finishSlot(slot: CallSlot): void {
    const call = callOf(slot);
    if (!call || call.settled) return;
    const raw = slot.argsParts.join('');
    if (!slot.argsIsString) {
      const typed = this.options.typedArgs ? typedJsonArguments(this.ctx.tools.get(call.name), raw) : raw;
      this.ctx.sink.finishCall(call, typed);
      return;
    }
    // arguments given as a JSON string: decoded once, and that text is what the deltas carry
    let text: unknown;
    try {
      text = JSON.parse(raw);
    } catch (e) {
      this.ctx.sink.failCall(
        call,
        'invalid_json',
        `${call.name}: the arguments string is not valid JSON: ${(e as Error).message}`,
        raw,
      );
      return;
    }
    this.ctx.sink.argsDelta(call, text as string);
    this.ctx.sink.finishCall(call, text as string, false);
  }

  step(ctx: ParserContext): boolean {
    if (this.phase === 'json') {
      const end = this.scanner.feed(ctx.buf, ctx.pos);
      // once a call has started the text is never given back: no need to keep it
      if (this.committed && !this.options.triggered) ctx.pos = end;
      else this.raw.push(take(ctx, end));
      if (this.scanner.halted) {
        // not a call: what was read is content, and scanning goes on as text from here
        ctx.sink.emitText(this.raw.join(''));
        ctx.toText();
        return true;
      }
      if (!this.scanner.done) return false;
      this.slots.push(...this.scanner.slots);
      this.phase = this.options.sequence ? 'separator' : 'after';
      if (!this.options.closer && !this.options.sequence) {
        this.complete();
        return true;
      }
    }
    this.afterWs += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    if (this.phase === 'separator') {
      const c = ctx.buf[ctx.pos];
      if ((c === ';' || c === ',') && this.committed) {
        this.afterWs += c;
        ctx.pos++;
        return true;
      }
      if (c === '{' && this.committed) {
        // another call must look like one (bare JSON after a call line may be anything)
        const m = this.options.closer ? 0 : matchBareJsonCall(ctx.buf, ctx.pos, ctx.final);
        if (m === 'partial') return false;
        if (m === 0) {
          this.raw.push(this.afterWs);
          this.afterWs = '';
          this.scanner = this.newScanner();
          this.phase = 'json';
          return true;
        }
      }
      this.phase = 'after';
      if (!this.options.closer) {
        this.complete();
        return true;
      }
    }
    const closer = this.options.closer ?? '';
    const m = matchLiteral(ctx.buf, ctx.pos, closer, ctx.final);
    if (m === 'partial') return false;
    const closed = typeof m === 'number';
    if (closed) {
      this.raw.push(this.afterWs, take(ctx, ctx.pos + m));
      this.afterWs = '';
    }
    this.complete(closed);
    return true;
  }

  finish(): void {
    if (this.phase !== 'json') {
      this.complete();
      return;
    }
    const sink = this.ctx.sink;
    this.slots.push(...this.scanner.slots);
    if (!this.committed) {
      if (this.options.triggered || this.options.inBlock) {
        sink.error({
          kind: 'truncated',
          message: this.options.triggered
            ? 'The tool call block after the trigger line was cut off before it ended.'
            : 'A tool call was cut off before it ended.',
          format: this.options.format,
          raw: this.raw.join(''),
        });
      } else {
        sink.emitText(this.raw.join(''));
      }
      return;
    }
    const slots = this.argsSlot ? [this.argsSlot] : this.slots;
    for (const slot of slots) {
      if (slot.isContainer) continue;
      const call = callOf(slot);
      const raw = slot.argsParts.join('');
      const message = `${slot.name ?? 'A tool call'}: the call was cut off before it ended.`;
      if (call) sink.failCall(call, 'truncated', message, raw);
      else if (!slot.closed)
        sink.error({ kind: 'truncated', message, format: this.options.format, name: slot.name, raw });
    }
  }

  /** The value (and its closer) ended: report leftovers, or hand everything back as content. */
  private complete(closed = true): void {
    const { ctx, options } = this;
    const sink = ctx.sink;
    if (this.argsSlot) {
      if (callOf(this.argsSlot)) this.finishSlot(this.argsSlot);
      else sink.emitText(this.raw.join(''));
    } else {
      const unresolved = this.slots.filter((s) => !s.isContainer && !callOf(s));
      if (!this.committed && !options.inBlock) sink.emitText(this.raw.join(''));
      if (this.committed || options.triggered || options.inBlock) {
        for (const slot of unresolved) {
          const raw = slot.argsParts.join('');
          if (slot.name !== undefined) {
            sink.error({
              kind: 'unknown_tool',
              message: `Unknown tool "${slot.name}". Available tools: ${availableTools(ctx)}.`,
              format: options.format,
              name: slot.name,
              raw,
            });
          } else {
            sink.error({
              kind: 'malformed',
              message: 'A tool call has no "name".',
              format: options.format,
              raw,
            });
          }
        }
        if (!this.committed && unresolved.length === 0 && options.triggered) {
          sink.error({
            kind: 'malformed',
            message: 'Expected {"tool_calls":[{"name":"...","arguments":{...}}]} after the trigger line.',
            format: options.format,
            raw: this.raw.join(''),
          });
        }
      }
    }
    sink.emitText(this.afterWs);
    // a fenced value without its closing fence right after it: the rest of the block is code
    if (!closed && options.closer === '```' && !options.next)
      ctx.state = new PassthroughState('```', backToText);
    else if (options.next) options.next(ctx);
    else ctx.toText();
  }
}
