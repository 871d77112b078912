import * as core from '@toolsmith/core/schema';
import { describe, expect, it } from 'vitest';
import {
  connectionProviderBody,
  errorFor,
  OMITTABLE_FIELDS,
  presetProviderBody,
  providerDraftFrom,
  QUIRK_PROFILES,
  REASONING_EFFORTS,
} from './provider-draft';

describe('provider settings draft', () => {
  it('offers the same choices the core accepts', () => {
    expect(REASONING_EFFORTS).toEqual(core.REASONING_EFFORTS);
    expect(QUIRK_PROFILES.map((p) => p.value)).toEqual(core.QUIRK_PROFILES);
    expect(OMITTABLE_FIELDS.map((f) => f.value)).toEqual(core.OMITTABLE_FIELDS);
  });

  it('round-trips a stored connection and sends null for what the family does not read', () => {
    const draft = providerDraftFrom({
      extraBody: { top_a: 0.1 },
      thinking: { effort: null, budgetTokens: 2048, includeThoughts: null },
      promptCaching: { tools: true, system: false, history: true, ttl: '1h' },
      quirks: { profile: 'auto', omit: [] },
    });
    expect(connectionProviderBody(draft, 'anthropic')).toEqual({
      ok: true,
      fields: {
        thinking: { effort: null, budgetTokens: 2048, includeThoughts: null },
        extraBody: { top_a: 0.1 },
        promptCaching: { tools: true, system: false, history: true, ttl: '1h' },
        quirks: null,
      },
    });
    expect(connectionProviderBody(draft, 'text-completion')).toEqual({
      ok: true,
      fields: { thinking: null, extraBody: { top_a: 0.1 }, promptCaching: null, quirks: null },
    });
  });

  it('a new connection sends everything unset', () => {
    const body = connectionProviderBody(providerDraftFrom(null), 'openai');
    expect(body).toEqual({
      ok: true,
      fields: {
        thinking: { effort: null, budgetTokens: null, includeThoughts: null },
        extraBody: null,
        promptCaching: null,
        quirks: { profile: 'auto', omit: [] },
      },
    });
  });

  it('says what is wrong with a budget or the extra body before sending', () => {
    const draft = providerDraftFrom(null);
    draft.thinking.budgetTokens = '500';
    draft.extraBody = '{"a": ';
    const result = connectionProviderBody(draft, 'anthropic');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.thinking).toBe(
        "Anthropic's thinking budget is at least 1024 tokens (empty = thinking off).",
      );
      expect(result.errors.extraBody).toMatch(/^Extra body is not valid JSON: /);
    }
    draft.thinking.budgetTokens = '1.5';
    draft.extraBody = '[1]';
    const preset = presetProviderBody(draft);
    expect(preset.ok ? {} : preset.errors).toEqual({
      thinking: 'Thinking budget must be a whole number from -1 to 1000000, or empty.',
      extraBody: 'Extra body must be a JSON object, like {"top_a": 0.1}.',
    });
  });

  it('a preset sends its effort, budget and thoughts as typed', () => {
    const draft = providerDraftFrom(null);
    draft.thinking = { effort: 'high', budgetTokens: '-1', includeThoughts: 'no' };
    expect(presetProviderBody(draft)).toEqual({
      ok: true,
      fields: { thinking: { effort: 'high', budgetTokens: -1, includeThoughts: false }, extraBody: null },
    });
  });

  it('finds the message of a sub-field', () => {
    expect(errorFor({ 'thinking.budgetTokens': 'too small' }, 'thinking')).toBe('too small');
    expect(errorFor({ thinkingX: 'no' }, 'thinking')).toBeUndefined();
  });
});
