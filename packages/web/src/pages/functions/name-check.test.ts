import { reservedToolNames } from '@toolsmith/core/schema';
import { describe, expect, it } from 'vitest';
import { toolNameMessage } from './name-check';

describe('toolNameMessage', () => {
  const reserved = new Set(reservedToolNames(['get_current_time', 'roll_dice']));
  it("refuses Marinara's builtin names with a free name to use instead", () => {
    expect(toolNameMessage('update_game_state', reserved, new Set(['update_game_state_custom']))).toBe(
      '"update_game_state" is a reserved built-in tool name. Rename it (the name field), e.g. to "update_game_state_custom_2".',
    );
    expect(toolNameMessage('get_current_time', reserved, new Set())).toMatch(/"get_current_time_custom"/);
    expect(toolNameMessage('taken', reserved, new Set(['taken']))).toBe(
      'A tool named "taken" already exists. Rename it (the name field), e.g. to "taken_custom".',
    );
  });
  it('leaves good names and pattern problems as the core rule says', () => {
    expect(toolNameMessage('house_rules', reserved, new Set())).toBeNull();
    expect(toolNameMessage('9x', reserved, new Set())).toMatch(/must start with a letter/);
  });
});
