// The preset form's draft: numbers are kept as typed text so a half-typed value ("0.") is not lost, and
// stop strings are one per line with \n and \t escapes (a stop string is often a line break).
import type { Preset } from '../../api/types';
import { i18n } from '../../i18n/i18n';

export const NUMBER_FIELDS = [
  {
    key: 'temperature',
    label: 'Temperature',
    min: 0,
    max: 5,
    step: '0.05',
    integer: false,
    labelKey: 'presets.temperature',
  },
  { key: 'topP', label: 'Top P', min: 0, max: 1, step: '0.01', integer: false, labelKey: 'presets.topP' },
  { key: 'topK', label: 'Top K', min: 0, max: 100_000, step: '1', integer: true, labelKey: 'presets.topK' },
  {
    key: 'maxTokens',
    label: 'Max tokens',
    min: 1,
    max: 10_000_000,
    step: '1',
    integer: true,
    labelKey: 'presets.maxTokens',
  },
  {
    key: 'frequencyPenalty',
    label: 'Frequency penalty',
    min: -2,
    max: 2,
    step: '0.05',
    integer: false,
    labelKey: 'presets.frequencyPenalty',
  },
  {
    key: 'presencePenalty',
    label: 'Presence penalty',
    min: -2,
    max: 2,
    step: '0.05',
    integer: false,
    labelKey: 'presets.presencePenalty',
  },
  // local backends' own knobs, shown translated with a hint (the others are common knowledge)
  {
    key: 'contextLength',
    label: 'Context length',
    min: 256,
    max: 10_000_000,
    step: '1',
    integer: true,
    labelKey: 'presets.contextLength',
    hintKey: 'presets.contextLengthHint',
  },
  {
    key: 'minP',
    label: 'Min P',
    min: 0,
    max: 1,
    step: '0.01',
    integer: false,
    labelKey: 'presets.minP',
    hintKey: 'presets.minPHint',
  },
  {
    key: 'repetitionPenalty',
    label: 'Repetition penalty',
    min: 0,
    max: 10,
    step: '0.05',
    integer: false,
    labelKey: 'presets.repetitionPenalty',
    hintKey: 'presets.repetitionPenaltyHint',
  },
] as const;

export type NumberKey = (typeof NUMBER_FIELDS)[number]['key'];

export interface PresetDraft {
  name: string;
  numbers: Record<NumberKey, string>;
  /** one stop string per line, escapes allowed */
  stop: string;
}

export function emptyPresetDraft(): PresetDraft {
  return {
    name: '',
    numbers: Object.fromEntries(NUMBER_FIELDS.map((f) => [f.key, ''])) as Record<NumberKey, string>,
    stop: '',
  };
}

export function presetDraftFrom(preset: Preset): PresetDraft {
  const numbers = {} as Record<NumberKey, string>;
  for (const f of NUMBER_FIELDS) {
    const value = preset[f.key];
    numbers[f.key] = value === null || value === undefined ? '' : String(value);
  }
  return { name: preset.name, numbers, stop: (preset.stop ?? []).map(escapeStop).join('\n') };
}

/** Shows line breaks, tabs and backslashes in a stop string as escapes, so one string fits one line. */
export function escapeStop(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
}

export function unescapeStop(line: string): string {
  return line.replace(/\\([\\ntr])/g, (_m, c: string) => ({ n: '\n', t: '\t', r: '\r', '\\': '\\' })[c] ?? c);
}

export function parseStopLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map(unescapeStop);
}

/** The request body, or the fields that are not numbers in range (same limits as the server). */
export function presetBody(
  draft: PresetDraft,
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const body: Record<string, unknown> = { name: draft.name.trim() };
  if (!body.name) errors.name = i18n.t('presets.nameRequired');
  for (const f of NUMBER_FIELDS) {
    const text = draft.numbers[f.key].trim();
    if (text === '') {
      body[f.key] = null;
      continue;
    }
    const value = Number(text);
    if (
      !Number.isFinite(value) ||
      value < f.min ||
      value > f.max ||
      (f.integer && !Number.isInteger(value))
    ) {
      errors[f.key] = i18n.t(f.integer ? 'presets.rangeInteger' : 'presets.rangeNumber', {
        label: i18n.t(f.labelKey),
        min: f.min,
        max: f.max,
      });
    } else {
      body[f.key] = value;
    }
  }
  body.stop = parseStopLines(draft.stop);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

/** A short line for the list: only the parameters that are set. */
export function presetSummary(preset: Preset): string {
  const parts: string[] = [];
  for (const f of NUMBER_FIELDS) {
    const value = preset[f.key];
    if (value !== null && value !== undefined) parts.push(`${i18n.t(f.labelKey)} ${value}`);
  }
  if (preset.stop?.length) parts.push(i18n.t('presets.stopCount', { count: preset.stop.length }));
  return parts.length ? parts.join(' · ') : i18n.t('presets.allDefaults');
}
