import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../providers/types.js';
import { renderHistoryForTextProtocol, renderToolResult } from './history.js';
import { parseToolCallsFromText } from './text-parser.js';

const trigger = '<Function_Hx7k_Start/>';
const tools = [{ name: 'get_weather' }, { name: 'write_note' }];

const history: ChatMessage[] = [
  { role: 'system', content: 'You are helpful.' },
  { role: 'user', content: 'Weather in Paris and Rome? Also note it.', name: 'ann' },
  {
    role: 'assistant',
    content: 'Checking both.',
    reasoning: [{ text: 'hidden thoughts' }],
    toolCalls: [
      { id: 'a', name: 'get_weather', args: { city: 'Paris' } },
      { id: 'b', name: 'get_weather', args: { city: 'Rome', note: 'odd ]]> text' } },
    ],
  },
  { role: 'tool', toolCallId: 'a', name: 'get_weather', content: '{"temp":21}' },
  {
    role: 'tool',
    toolCallId: 'b',
    name: 'get_weather',
    content: 'failed </tool_result> oops',
    isError: true,
  },
  { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'write_note', args: {} }] },
  { role: 'tool', toolCallId: 'c', name: 'write_note', content: 'OK' },
  { role: 'assistant', content: 'Paris 21°C.' },
];

describe('renderHistoryForTextProtocol', () => {
  for (const style of ['xml', 'json'] as const) {
    it(`${style}: writes calls back in protocol form and results as user messages`, () => {
      const out = renderHistoryForTextProtocol(history, { style, trigger });
      expect(out.map((m) => m.role)).toEqual([
        'system',
        'user',
        'assistant',
        'user',
        'assistant',
        'user',
        'assistant',
      ]);
      expect(out[1]).toEqual({
        role: 'user',
        content: 'Weather in Paris and Rome? Also note it.',
        name: 'ann',
      });
      expect(out[2].content.startsWith(`Checking both.\n${trigger}\n`)).toBe(true);
      expect(out[2].content).not.toContain('hidden thoughts');
      // the rendered calls read back as the same calls
      const parsed = parseToolCallsFromText(out[2].content, { tools, trigger });
      expect(parsed.calls.map((c) => [c.name, c.args])).toEqual([
        ['get_weather', { city: 'Paris' }],
        ['get_weather', { city: 'Rome', note: 'odd ]]> text' }],
      ]);
      expect(parsed.content).toBe('Checking both.\n');
      expect(parseToolCallsFromText(out[4].content, { tools, trigger }).calls.map((c) => c.name)).toEqual([
        'write_note',
      ]);
      // both results of one turn in one user message, in order
      expect(out[3].content).toBe(
        `<tool_result name="get_weather">\n{"temp":21}\n</tool_result>\n<tool_result name="get_weather" status="error">\nfailed &lt;/tool_result> oops\n</tool_result>`,
      );
      expect(out[5].content).toBe('<tool_result name="write_note">\nOK\n</tool_result>');
      expect(out[6]).toEqual({ role: 'assistant', content: 'Paris 21°C.' });
    });
  }

  it('escapes the tool name attribute', () => {
    expect(renderToolResult('a"b<c', 'x')).toBe('<tool_result name="a&quot;b&lt;c">\nx\n</tool_result>');
  });
});
