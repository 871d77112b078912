import * as core from '@toolsmith/core/internal';
import { describe, expect, it } from 'vitest';
import * as rules from './tool-rules';

describe('tool rules copied from the core', () => {
  it('uses the very same pattern, limits and messages', () => {
    expect(rules.TOOL_NAME_PATTERN.source).toBe(core.TOOL_NAME_PATTERN.source);
    expect(rules.TOOL_NAME_PATTERN.flags).toBe(core.TOOL_NAME_PATTERN.flags);
    expect(rules.TOOL_NAME_MAX_LENGTH).toBe(core.TOOL_NAME_MAX_LENGTH);
    expect(rules.DISPLAY_NAME_MAX_LENGTH).toBe(core.DISPLAY_NAME_MAX_LENGTH);
    expect(rules.DESCRIPTION_MAX_LENGTH).toBe(core.DESCRIPTION_MAX_LENGTH);
    expect(rules.MSG_TOOL_NAME).toBe(core.MSG_TOOL_NAME);
    expect(rules.MSG_DISPLAY_NAME).toBe(core.MSG_DISPLAY_NAME);
    expect(rules.MSG_DESCRIPTION).toBe(core.MSG_DESCRIPTION);
    expect(rules.MSG_SCRIPTS_DISABLED).toBe(core.MSG_SCRIPTS_DISABLED);
    expect(rules.MSG_BODY_REQUIRED).toBe(core.MSG_BODY_REQUIRED);
    expect(rules.MSG_WEBHOOK_URL_REQUIRED).toBe(core.MSG_WEBHOOK_URL_REQUIRED);
    expect(rules.msgReservedName('roll_dice')).toBe(core.msgReservedName('roll_dice'));
    expect(rules.msgDuplicateName('store_hours')).toBe(core.msgDuplicateName('store_hours'));
  });

  it('checks a name with the message the core validator gives', () => {
    const reserved = new Set(['roll_dice']);
    const existing = new Set(['store_hours']);
    const coreMessage = (name: string) => {
      const result = core.validateToolDefinition(
        {
          name,
          description: 'd',
          parameters: { type: 'object', properties: {} },
          mode: 'read',
          kind: 'static',
          enabled: true,
        },
        { reservedNames: reserved, existingNames: existing },
      );
      return result.ok ? null : (result.errors.find((e) => e.field === 'name')?.message ?? null);
    };
    for (const name of [
      '',
      '1abc',
      'has space',
      'a'.repeat(65),
      'a'.repeat(64),
      'roll_dice',
      'store_hours',
      'ok_Name2',
      'é',
    ]) {
      expect(rules.checkToolName(name, reserved, existing), name).toBe(coreMessage(name));
    }
  });

  it('checks display name and description lengths in code points', () => {
    expect(rules.checkDisplayName('😀'.repeat(256))).toBeNull();
    expect(rules.checkDisplayName('x'.repeat(257))).toBe(rules.MSG_DISPLAY_NAME);
    expect(rules.checkDescription('   ')).toBe(rules.MSG_DESCRIPTION);
    expect(rules.checkDescription('😀'.repeat(8192))).toBeNull();
    expect(rules.checkDescription('x'.repeat(8193))).toBe(rules.MSG_DESCRIPTION);
    expect(rules.charLength('a😀b')).toBe(3);
  });
});
