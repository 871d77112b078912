import type { MarkerSpec } from './marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from './parser-context.js';
import { matchLiteral } from './scan-utils.js';

/**
 * The tokens that end a model's turn in its chat template, each with the token its template opens the next
 * turn with. A server that stops generating there never passes them on; a misconfigured one (a GGUF with the
 * wrong end-of-generation token, special tokens shown as text) does, and the model may go on to write the
 * next turn itself.
 */
const TURN_ENDS: readonly (readonly [end: string, nextTurn: string])[] = [
  // ChatML (Qwen, Hermes, SmolLM, many fine-tunes)
  ['<|im_end|>', '<|im_start|>'],
  // Llama 3, Llama 4
  ['<|eot_id|>', '<|start_header_id|>'],
  ['<|eot|>', '<|header_start|>'],
  // Llama 3.1 / Llama 4 end a message that calls a tool with end-of-message: the tool's turn comes next
  ['<|eom_id|>', '<|start_header_id|>'],
  ['<|eom|>', '<|header_start|>'],
  // Gemma 2 / 3, Gemma 4
  ['<end_of_turn>', '<start_of_turn>'],
  ['<turn|>', '<|turn>'],
  // DeepSeek
  ['<｜end▁of▁sentence｜>', '<｜User｜>'],
  // Cohere Command
  ['<|END_OF_TURN_TOKEN|>', '<|START_OF_TURN_TOKEN|>'],
  // GLM-4.5 / 4.6 / 4.7: a reply with calls ends by opening the tools' turn, then the user's
  ['<|observation|>', '<|user|>'],
  // Granite 3 / 4: every message ends with the end of the text
  ['<|end_of_text|>', '<|start_of_role|>'],
  // Mistral and Llama 2 era models: the end of the sequence (a GGUF showing it; only ever dropped at the end of
  // the reply or before the next `[INST]`, so a strikethrough's `</s>` mid-text stays)
  ['</s>', '[INST]'],
  // the end of the text (Qwen, Phi-4, SmolLM and GPT-2's tokenizers), often right after `<|im_end|>`
  ['<|endoftext|>', '<|im_start|>'],
  // HyperCLOVAX SEED Think 14B: ChatML, then `<|endofturn|>` after an answer, `<|stop|>` after its calls
  ['<|endofturn|>', '<|im_start|>'],
  ['<|stop|>', '<|im_start|>'],
  // dots3 (rednote): the end of the assistant's turn (the user's opening token is assumed to be `<|user|>`)
  ['<|endofassistant|>', '<|user|>'],
  // K2-Horizon (IFM): ChatML with `ifm|` on its tokens
  ['<|ifm|im_end|>', '<|ifm|im_start|>'],
  // PLaMo 3: `<|plamo:tag|>` ends a message and opens the next (`role<|plamo:msg|>content<|plamo:tag|>`)
  ['<|plamo:tag|>', 'user<|plamo:msg|>'],
  // openPangu-Embedded: reserved tokens end a message and open the next one
  ['[unused10]', '[unused9]'],
];

const ENDS = TURN_ENDS.map(([end]) => end);

/**
 * After an end-of-turn token: the reply is over where only whitespace (and more end tokens) follow to its end
 * (the tokens are dropped) or where the next turn's opening token follows (the model wrote the user's turn: it
 * and the rest are dropped). Anything else and the tokens are text, as written (a model explaining a template).
 */
class TurnEndState implements ParserState {
  constructor(
    private raw: string,
    private readonly nextTurn: string,
  ) {}

  step(ctx: ParserContext): boolean {
    // right after a call the reply is over whatever follows: the tools' turn (GLM's `<|observation|>`), a
    // result the model went on to invent
    if (ctx.sink.afterCall) {
      ctx.state = REST_DROPPED;
      return true;
    }
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const m = matchLiteral(ctx.buf, ctx.pos, this.nextTurn, ctx.final);
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      ctx.state = REST_DROPPED;
      return true;
    }
    // another end token (`<|im_end|><|endoftext|>`): the same decision for both
    for (const end of ENDS) {
      const e = matchLiteral(ctx.buf, ctx.pos, end, ctx.final);
      if (e === 'partial') return false;
      if (typeof e === 'number') {
        this.raw += take(ctx, ctx.pos + e);
        return true;
      }
    }
    return revert(ctx, this.raw);
  }

  finish(): void {
    // only whitespace came after the token: the end of the reply
  }
}

/** Past the end of the reply: the rest of the input is dropped. */
export const REST_DROPPED: ParserState = {
  step(ctx) {
    ctx.pos = ctx.buf.length;
    return false;
  },
  finish() {},
};

/** End-of-turn tokens, read with every format: layout where the reply ends there (see TurnEndState). */
export const TURN_END_MARKERS: readonly MarkerSpec[] = TURN_ENDS.map(
  ([end, nextTurn]): MarkerSpec => ({
    open: end,
    enter: (ctx, at, length) => {
      ctx.state = new TurnEndState(take(ctx, at + length), nextTurn);
    },
  }),
);
