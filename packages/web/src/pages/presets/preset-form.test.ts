import { beforeAll, describe, expect, it } from 'vitest';
import type { Preset } from '../../api/types';
import { i18n } from '../../i18n/i18n';
import en from '../../i18n/locales/en';
import {
  emptyPresetDraft,
  escapeStop,
  parseStopLines,
  presetBody,
  presetDraftFrom,
  presetSummary,
  unescapeStop,
} from './preset-form';

const preset: Preset = {
  id: 'p1',
  name: 'creative',
  temperature: 1.2,
  topP: null,
  topK: 40,
  maxTokens: 512,
  stop: ['\n\nUser:', 'END'],
  frequencyPenalty: null,
  presencePenalty: 0.5,
  contextLength: 8192,
  minP: 0.05,
  repetitionPenalty: null,
  extraBody: {},
  thinking: { effort: null, budgetTokens: null, includeThoughts: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

// labels and messages are worded in the UI's language
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
});

describe('preset form', () => {
  it('round-trips a stored preset through the draft', () => {
    const parsed = presetBody(presetDraftFrom(preset));
    expect(parsed).toEqual({
      ok: true,
      body: {
        name: 'creative',
        temperature: 1.2,
        topP: null,
        topK: 40,
        maxTokens: 512,
        stop: ['\n\nUser:', 'END'],
        frequencyPenalty: null,
        presencePenalty: 0.5,
        contextLength: 8192,
        minP: 0.05,
        repetitionPenalty: null,
      },
    });
  });

  it('sends empty number fields as null (provider default)', () => {
    const parsed = presetBody({ ...emptyPresetDraft(), name: 'plain' });
    expect(parsed.ok && parsed.body.temperature).toBeNull();
    expect(parsed.ok && parsed.body.stop).toEqual([]);
  });

  it('reports values that are not numbers, out of range, or not whole where they must be', () => {
    const draft = emptyPresetDraft();
    draft.numbers = { ...draft.numbers, temperature: 'hot', topP: '1.5', topK: '2.5', maxTokens: '0' };
    const parsed = presetBody(draft);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(['maxTokens', 'name', 'temperature', 'topK', 'topP']);
    expect(parsed.errors.topK).toBe('Top K must be a whole number from 0 to 100000, or empty.');
  });

  it('checks context length, min P and repetition penalty with the server’s ranges', () => {
    const draft = { ...emptyPresetDraft(), name: 'local' };
    draft.numbers = { ...draft.numbers, contextLength: '8192.5', minP: '2', repetitionPenalty: '-1' };
    const parsed = presetBody(draft);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      contextLength: 'Context length must be a whole number from 256 to 10000000, or empty.',
      minP: 'Min P must be a number from 0 to 1, or empty.',
      repetitionPenalty: 'Repetition penalty must be a number from 0 to 10, or empty.',
    });
  });

  it('writes stop strings one per line with escapes for line breaks, tabs and backslashes', () => {
    const values = ['\n', 'a\tb', 'back\\slash', '\\n literal'];
    const text = values.map(escapeStop).join('\n');
    expect(text.split('\n')).toHaveLength(values.length);
    expect(parseStopLines(text)).toEqual(values);
    expect(unescapeStop('x\\qy')).toBe('x\\qy');
    expect(parseStopLines('one\n\ntwo\n')).toEqual(['one', 'two']);
  });

  it('summarises only the parameters that are set', () => {
    expect(presetSummary(preset)).toBe(
      'Temperature 1.2 · Top K 40 · Max tokens 512 · Presence penalty 0.5 · Context length 8192 · Min P 0.05 · 2 stop strings',
    );
    const unset = { temperature: null, topK: null, maxTokens: null, presencePenalty: null, minP: null };
    expect(presetSummary({ ...preset, ...unset, contextLength: null, stop: [] })).toBe(
      'All provider defaults',
    );
  });
});
