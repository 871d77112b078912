import { describe, expect, it } from 'vitest';
import { toolsWithNewTool } from './new-tool-for-chat';

describe('toolsWithNewTool', () => {
  it("adds the new function at the end of a chat's own list", () => {
    expect(toolsWithNewTool(['store_hours', 'weather'], 'tide_table')).toEqual([
      'store_hours',
      'weather',
      'tide_table',
    ]);
  });
  it('leaves an empty list (every enabled function) and a list that has it already unchanged', () => {
    expect(toolsWithNewTool([], 'tide_table')).toBeNull();
    expect(toolsWithNewTool(['tide_table'], 'tide_table')).toBeNull();
  });
});
