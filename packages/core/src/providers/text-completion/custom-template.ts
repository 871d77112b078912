import { GenerateTaskError } from '../../base/errors.js';
import { type InstructSequences, sequenceTemplate } from './sequence-template.js';
import { fromSillyTavern, isSillyTavernTemplate, SillyTavernTemplateError } from './sillytavern-template.js';
import type { InstructTemplate } from './templates.js';

// A user-defined instruct template: SillyTavern-style sequences written as a JSON object on the connection.

const SEQUENCE_KEYS = [
  'prefix',
  'systemPrefix',
  'systemSuffix',
  'userPrefix',
  'userSuffix',
  'assistantPrefix',
  'assistantSuffix',
  'lastAssistantPrefix',
  'replyPrefix',
] as const;

function invalidTemplate(message: string): GenerateTaskError {
  return new GenerateTaskError('invalid_input', `instructTemplate: ${message}`, {
    details: { field: 'instructTemplate' },
  });
}

/**
 * A user-defined template: a JSON object of sequences (`userPrefix` and `assistantPrefix` required; the other
 * wrappers, `systemAsUser` and `stop` optional), or a SillyTavern instruct template's JSON as exported. Throws
 * `invalid_input` naming what is wrong.
 */
export function parseCustomTemplate(json: string): InstructTemplate {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalidTemplate(
      'a custom template must be a JSON object such as {"userPrefix":"USER: ","assistantPrefix":"BOT: "}.',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidTemplate('a custom template must be a JSON object.');
  const raw = value as Record<string, unknown>;
  if (isSillyTavernTemplate(raw)) return sillyTavernTemplate(raw);
  // SillyTavern's "Master Export" of its formatting: the instruct template under `instruct`
  const nested = raw.instruct;
  if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) {
    const instruct = nested as Record<string, unknown>;
    if (isSillyTavernTemplate(instruct)) return sillyTavernTemplate(instruct);
  }
  const known = new Set<string>([...SEQUENCE_KEYS, 'systemAsUser', 'stop', 'name']);
  const unknown = Object.keys(raw).find((key) => !known.has(key));
  if (unknown) throw invalidTemplate(`unknown key "${unknown}"; use ${[...known].join(', ')}.`);
  const seq: Record<string, unknown> = {};
  for (const key of SEQUENCE_KEYS) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'string') throw invalidTemplate(`${key} must be a string.`);
    seq[key] = raw[key];
  }
  if (typeof seq.userPrefix !== 'string' || typeof seq.assistantPrefix !== 'string')
    throw invalidTemplate('a custom template needs userPrefix and assistantPrefix.');
  if (raw.systemAsUser !== undefined && typeof raw.systemAsUser !== 'boolean')
    throw invalidTemplate('systemAsUser must be true or false.');
  if (
    raw.stop !== undefined &&
    !(Array.isArray(raw.stop) && raw.stop.every((s) => typeof s === 'string' && s !== ''))
  )
    throw invalidTemplate('stop must be a list of non-empty strings.');
  return sequenceTemplate(typeof raw.name === 'string' ? raw.name : 'custom', {
    ...(seq as unknown as InstructSequences),
    ...(raw.systemAsUser !== undefined ? { systemAsUser: raw.systemAsUser as boolean } : {}),
    ...(raw.stop !== undefined ? { stop: raw.stop as string[] } : {}),
  });
}

/** A SillyTavern instruct template pasted as it is (see fromSillyTavern), plus Toolsmith's `replyPrefix`. */
function sillyTavernTemplate(raw: Record<string, unknown>): InstructTemplate {
  let seq: InstructSequences;
  try {
    seq = fromSillyTavern(raw);
  } catch (error) {
    if (error instanceof SillyTavernTemplateError)
      throw invalidTemplate(`a SillyTavern template's ${error.message}`);
    throw error;
  }
  if (raw.replyPrefix !== undefined && typeof raw.replyPrefix !== 'string')
    throw invalidTemplate('replyPrefix must be a string.');
  return sequenceTemplate(typeof raw.name === 'string' ? raw.name : 'custom', {
    ...seq,
    ...(typeof raw.replyPrefix === 'string' ? { replyPrefix: raw.replyPrefix } : {}),
  });
}
