// runToolLoop's own options, checked before anything is sent: `maxRounds: 'many'` is a clear `invalid_input`
// naming the field and what it accepts, never a value that reaches the provider or loops forever. The
// generation options are checked by generateTask (generate/validate-options.ts).

import { GenerateTaskError } from '../base/errors.js';
import type { ToolLoopOptions } from './types.js';

function invalid(field: string, message: string, value: unknown): GenerateTaskError {
  return new GenerateTaskError('invalid_input', `\`${field}\` ${message} (got ${describe(value)}).`, {
    details: { field },
  });
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : String(value);
}

const WHOLE_NUMBERS: readonly [keyof ToolLoopOptions, number][] = [
  ['maxRounds', 0],
  ['repeatLimit', 1],
  ['concurrency', 1],
];
const DURATIONS: readonly (keyof ToolLoopOptions)[] = ['wallClockBudgetMs', 'toolTimeoutMs'];
const SWITCHES: readonly (keyof ToolLoopOptions)[] = ['parallel', 'simulate', 'stream'];
const CALLBACKS: readonly (keyof ToolLoopOptions)[] = ['onEvent', 'approveToolCall'];

/** Throws `invalid_input` naming the first option of the loop's own that is not usable. */
export function validateLoopOptions(options: ToolLoopOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new GenerateTaskError('invalid_input', 'runToolLoop needs an options object.');
  }
  const registry = options.registry as unknown;
  if (
    typeof registry !== 'object' ||
    registry === null ||
    typeof (registry as { resolve?: unknown }).resolve !== 'function'
  ) {
    throw invalid('registry', 'must be a ToolRegistry', registry);
  }
  for (const [field, min] of WHOLE_NUMBERS) {
    const value = options[field];
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= min)) {
      throw invalid(field, `must be a whole number of ${min} or more`, value);
    }
  }
  for (const field of DURATIONS) {
    const value = options[field];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw invalid(field, 'must be a number of milliseconds, 0 or more', value);
    }
  }
  for (const field of SWITCHES) {
    const value = options[field];
    if (value !== undefined && typeof value !== 'boolean')
      throw invalid(field, 'must be true or false', value);
  }
  for (const field of CALLBACKS) {
    const value = options[field];
    if (value !== undefined && typeof value !== 'function') throw invalid(field, 'must be a function', value);
  }
  if (options.scope !== undefined && (typeof options.scope !== 'string' || options.scope === '')) {
    throw invalid('scope', 'must be the name of a registry scope', options.scope);
  }
}
