import type { ReasoningPart } from '../types.js';

type Detail = Record<string, unknown>;

/** Text-carrying keys of a `reasoning_details` entry; stream fragments of one entry are concatenated on them. */
const TEXT_KEYS = ['text', 'summary', 'data'] as const;

/** `extra_content.google.thought_signature` of a message, delta or tool call (Gemini's OpenAI compatibility). */
export function googleThoughtSignature(holder: { extra_content?: unknown }): string | undefined {
  const extra = holder.extra_content as { google?: { thought_signature?: unknown } } | null | undefined;
  const signature = extra?.google?.thought_signature;
  return typeof signature === 'string' && signature !== '' ? signature : undefined;
}

/**
 * Collects what an OpenAI-compatible answer says about its reasoning, so the next request can send it back
 * (docs/providers.md, "Reasoning round-trips"): the text and the field it came in (`reasoning_content` —
 * DeepSeek, vLLM, SGLang; `reasoning` — OpenRouter, Ollama, LM Studio, Groq), OpenRouter's `reasoning_details`
 * (stream fragments of one entry — same `type` and `index` — merged back into one entry, signatures kept), and
 * Gemini's message-level thought signature.
 */
export class OpenAIReasoningCollector {
  private text = '';
  private field: ReasoningPart['field'];
  private details: Detail[] | undefined;
  /** Gemini: the signature on the answer's text */
  signature: string | undefined;

  /**
   * Reads one delta or message and returns its reasoning text to show. `reasoning_content` wins over
   * `reasoning`; the details' text is used only when neither is there, because OpenRouter repeats it in both.
   */
  read(delta: Record<string, any>): string {
    if (delta.extra_content !== undefined) {
      const signature = googleThoughtSignature(delta);
      if (signature) this.signature = signature;
    }
    const details = delta.reasoning_details;
    let detailText = '';
    if (Array.isArray(details) && details.length > 0) detailText = this.addDetails(details);
    let text = '';
    const content = delta.reasoning_content;
    const reasoning = delta.reasoning;
    if (typeof content === 'string' && content !== '') {
      text = content;
      this.field = 'reasoning_content';
    } else if (typeof reasoning === 'string' && reasoning !== '') {
      text = reasoning;
      this.field ??= 'reasoning';
    } else {
      text = detailText;
    }
    this.text += text;
    return text;
  }

  private addDetails(entries: unknown[]): string {
    this.details ??= [];
    let text = '';
    for (const entry of entries) {
      if (!entry || typeof entry !== 'object') continue;
      const d = entry as Detail;
      if (d.type === 'reasoning.text' && typeof d.text === 'string') text += d.text;
      else if (d.type === 'reasoning.summary' && typeof d.summary === 'string') text += d.summary;
      const last = this.details[this.details.length - 1];
      if (last && typeof d.index === 'number' && last.index === d.index && last.type === d.type) {
        for (const [key, value] of Object.entries(d)) {
          if (value === null || value === undefined) continue;
          const previous = last[key];
          if ((TEXT_KEYS as readonly string[]).includes(key) && typeof previous === 'string')
            last[key] = previous + String(value);
          else last[key] = value;
        }
      } else {
        this.details.push({ ...d });
      }
    }
    return text;
  }

  /** The reasoning to keep on the assistant message, or undefined when the answer had none. */
  part(): ReasoningPart | undefined {
    if (!this.text && !this.details?.length) return undefined;
    const part: ReasoningPart = { text: this.text };
    if (this.field) part.field = this.field;
    if (this.details?.length) part.details = this.details;
    return part;
  }
}
