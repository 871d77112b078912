import type { InstructSequences } from './sequence-template.js';

// A SillyTavern instruct template (its exported JSON, `input_sequence` and the rest) as Toolsmith's sequences,
// so a template a user trusts there can be pasted as it is. What shapes every turn is taken over: the role
// sequences and suffixes, `wrap`, `system_same_as_user`, the last output sequence (the reply's header, where
// reasoning templates open `<think>`), the stop sequence and the sequences as stop strings. What only shapes a
// first or last user turn, names, examples or the story string is Toolsmith's prompt assembly's, not the
// template's, and is left out.

/** The keys that tell a SillyTavern template from Toolsmith's own sequences. */
const SILLYTAVERN_KEYS = ['input_sequence', 'output_sequence'];

const STRING_KEYS = [
  'input_sequence',
  'input_suffix',
  'output_sequence',
  'output_suffix',
  'last_output_sequence',
  'system_sequence',
  'system_suffix',
  'stop_sequence',
] as const;

export function isSillyTavernTemplate(raw: Record<string, unknown>): boolean {
  return SILLYTAVERN_KEYS.some((key) => Object.hasOwn(raw, key));
}

/** A problem with the template, worded for the `instructTemplate` field (the caller adds the field name). */
export class SillyTavernTemplateError extends Error {}

/**
 * The sequences of a SillyTavern instruct template. A message there is its prefix, then (with `wrap`) a
 * newline, then the text and its suffix (a newline when empty and wrapped); the reply's header is the last
 * output sequence (else the output sequence), trimmed and followed by a newline when wrapped.
 */
export function fromSillyTavern(raw: Record<string, unknown>): InstructSequences {
  const text: Partial<Record<(typeof STRING_KEYS)[number], string>> = {};
  for (const key of STRING_KEYS) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new SillyTavernTemplateError(`${key} must be a string.`);
    if (/\{\{[^}]*\}\}/.test(value)) {
      throw new SillyTavernTemplateError(
        `${key} uses a SillyTavern macro (${/\{\{[^}]*\}\}/.exec(value)?.[0]}); Toolsmith's templates have none: write its text instead.`,
      );
    }
    text[key] = value;
  }
  for (const key of ['wrap', 'system_same_as_user', 'sequences_as_stop_strings']) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean')
      throw new SillyTavernTemplateError(`${key} must be true or false.`);
  }
  const wrap = raw.wrap === true;
  const separator = wrap ? '\n' : '';
  const prefix = (sequence = '') => (sequence ? sequence + separator : '');
  const suffix = (sequence = '') => sequence || separator;
  const sameAsUser = raw.system_same_as_user === true;
  const lastOutput = text.last_output_sequence;

  // the stop sequence as it is (the model writes it right after its text), the role sequences line by line
  // after a newline when wrapped, as SillyTavern sends them
  const stop = new Set<string>();
  if (text.stop_sequence?.trim()) stop.add(text.stop_sequence);
  const asStop = (sequence = '') => {
    for (const line of sequence.split('\n')) if (line.trim()) stop.add(separator + line);
  };
  if (raw.sequences_as_stop_strings !== false) {
    for (const key of [
      'input_sequence',
      'output_sequence',
      'last_output_sequence',
      'system_sequence',
    ] as const)
      asStop(text[key]);
  }
  return {
    systemPrefix: prefix(sameAsUser ? text.input_sequence : text.system_sequence),
    systemSuffix: suffix(sameAsUser ? text.input_suffix : text.system_suffix),
    userPrefix: prefix(text.input_sequence),
    userSuffix: suffix(text.input_suffix),
    assistantPrefix: prefix(text.output_sequence),
    assistantSuffix: suffix(text.output_suffix),
    ...(lastOutput ? { lastAssistantPrefix: wrap ? `${lastOutput.trimEnd()}\n` : lastOutput } : {}),
    stop: [...stop],
  };
}
