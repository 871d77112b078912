// Model answers in Toolsmith's text tool-calling protocol (Luker's prompt_xml), for text-mode upstreams.
import type { RecordedRequest } from '@toolsmith/emulator';

export const TRIGGER_RE = /<Function_[A-Za-z0-9]{4}_Start\/>/;

/** The live trigger a text-mode request carries (in a chat system message or a text-completion prompt). */
export function triggerIn(request: RecordedRequest): string {
  const match = TRIGGER_RE.exec(request.rawBody);
  if (!match) throw new Error('no trigger in the upstream request');
  return match[0];
}

/** A prompt_xml answer: the trigger line, then one <function_calls> block. */
export function xmlCalls(
  trigger: string,
  calls: Array<{ name: string; args: unknown }>,
  before = '',
): string {
  const inner = calls
    .map(
      (c) =>
        `<function_call><tool>${c.name}</tool><args_json><![CDATA[${JSON.stringify(c.args)}]]></args_json></function_call>`,
    )
    .join('\n');
  return `${before}${trigger}\n<function_calls>\n${inner}\n</function_calls>`;
}

/** Splits text into pieces of `size` characters, as a streaming backend sends tokens. */
export const pieces = (text: string, size = 7): string[] =>
  text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
