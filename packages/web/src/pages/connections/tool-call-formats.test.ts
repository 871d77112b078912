import { TOOL_CALL_FAMILY_INFO } from '@toolsmith/core/schema';
import { describe, expect, it } from 'vitest';
import { TOOL_CALL_FORMAT_OPTIONS } from './tool-call-formats';

describe('tool-call format choices', () => {
  it('offers auto first, then every family under the label the core gives it', () => {
    expect(TOOL_CALL_FORMAT_OPTIONS[0]).toEqual({ value: 'auto', label: 'Auto (recommended)' });
    expect(
      TOOL_CALL_FORMAT_OPTIONS.slice(1)
        .map((o) => o.label)
        .sort(),
    ).toEqual(TOOL_CALL_FAMILY_INFO.map((info) => info.label).sort());
    expect(TOOL_CALL_FORMAT_OPTIONS.find((o) => o.value === 'hermes')?.label).toMatch(/Hermes/);
  });

  it('lists the families by name, so one is found among forty in the select', () => {
    const labels = TOOL_CALL_FORMAT_OPTIONS.slice(1).map((o) => o.label);
    expect(labels).toEqual(
      [...labels].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    );
    expect(labels.indexOf('DeepSeek V3 / R1 / V3.1 / V3.2')).toBeLessThan(labels.indexOf('Gemma 4'));
  });
});
