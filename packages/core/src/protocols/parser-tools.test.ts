import { describe, expect, it } from 'vitest';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';

const weather = {
  name: 'get_weather',
  description: 'Weather for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const text = 'Checking.\n<tool_call>{"name":"get_weather","arguments":{"city":"Oslo"}}</tool_call>';

describe('the tools a text parser is given', () => {
  it("reads calls of tools given in OpenAI's wrapped shape as of tools in ours", () => {
    const ours = parseToolCallsFromText(text, { tools: [weather], createId: (i) => `id${i}` });
    const wrapped = parseToolCallsFromText(text, {
      tools: [{ type: 'function', function: weather }],
      createId: (i) => `id${i}`,
    });
    expect(wrapped.calls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Oslo' } })]);
    expect(wrapped).toEqual(ours);
  });

  it('refuses an entry it cannot read, naming it, instead of leaving the tool out', () => {
    expect(() => parseToolCallsFromText(text, { tools: [{ type: 'function' } as never] })).toThrow(
      /^tools\[0\] needs a name: give \{ name, parameters \} or \{ type: "function", function: \{ name, parameters \} \}\.$/,
    );
    expect(() =>
      createTextToolCallParser({ tools: [weather, { name: 'x', parameters: 'none' } as never] }),
    ).toThrow('tools[1].parameters must be a JSON Schema object.');
    expect(() => parseToolCallsFromText(text, { tools: 'get_weather' as never })).toThrow(
      /`tools` must be an array/,
    );
  });
});
