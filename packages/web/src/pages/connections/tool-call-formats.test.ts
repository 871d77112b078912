import * as core from '@toolsmith/core/internal';
import { describe, expect, it } from 'vitest';
import { TOOL_CALL_FORMAT_OPTIONS } from './tool-call-formats';

describe('tool-call formats copied from the core', () => {
  it('offers exactly the core formats, with the core family labels', () => {
    expect(TOOL_CALL_FORMAT_OPTIONS.map((o) => o.value)).toEqual([...core.TOOL_CALL_FORMATS]);
    for (const info of core.TOOL_CALL_FAMILY_INFO) {
      expect(TOOL_CALL_FORMAT_OPTIONS.find((o) => o.value === info.id)?.label).toBe(info.label);
    }
  });
});
