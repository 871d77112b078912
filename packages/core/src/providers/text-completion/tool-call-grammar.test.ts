import { describe, expect, it } from 'vitest';
import { renderCalls } from '../../protocols/render-calls.js';
import { gbnfAccepts, parseGbnf } from './__fixtures__/gbnf-matcher.js';
import { toolCallGrammar } from './tool-call-grammar.js';

const TRIGGER = '<Function_Ab12_Start/>';
const ARGS = {
  city: 'Kraków',
  days: 3,
  options: { units: 'metric', tags: ['a', 'b "q" ]'] },
  ok: true,
  n: null,
};

describe('GBNF for a required text-mode tool call', () => {
  for (const style of ['xml', 'json'] as const) {
    it(`${style}: accepts the protocol's own calls to the allowed tools, refuses anything else`, () => {
      const grammar = toolCallGrammar({ style, trigger: TRIGGER, names: ['get_weather', 'roll_dice'] });
      expect(() => parseGbnf(grammar)).not.toThrow();
      const one = renderCalls([{ name: 'get_weather', args: ARGS }], style, TRIGGER);
      const two = renderCalls(
        [
          { name: 'roll_dice', args: {} },
          { name: 'get_weather', args: { city: 'Taipei' } },
        ],
        style,
        TRIGGER,
      );
      expect(gbnfAccepts(grammar, one)).toBe(true);
      expect(gbnfAccepts(grammar, two)).toBe(true);
      // another tool, no trigger, plain text, arguments as a string, a cut-off block
      expect(gbnfAccepts(grammar, renderCalls([{ name: 'delete_all', args: {} }], style, TRIGGER))).toBe(
        false,
      );
      expect(gbnfAccepts(grammar, one.slice(TRIGGER.length + 1))).toBe(false);
      expect(gbnfAccepts(grammar, 'The weather is fine.')).toBe(false);
      expect(
        gbnfAccepts(grammar, renderCalls([{ name: 'get_weather', args: '{"city":"x"}' }], style, TRIGGER)),
      ).toBe(false);
      expect(gbnfAccepts(grammar, one.slice(0, -5))).toBe(false);
    });
  }

  it('one named tool: only that name; names and the trigger are literals (escaped)', () => {
    const grammar = toolCallGrammar({ style: 'xml', trigger: TRIGGER, names: ['roll_dice'] });
    expect(grammar.split('\n').slice(0, 3)).toEqual([
      'root ::= "<Function_Ab12_Start/>\\n" "<function_calls>\\n" call ( "\\n" call )* "\\n</function_calls>"',
      'call ::= "<function_call>\\n<tool>" name "</tool>\\n<args_json><![CDATA[" ws object ws "]]></args_json>\\n</function_call>"',
      'name ::= "roll_dice"',
    ]);
    expect(
      gbnfAccepts(grammar, renderCalls([{ name: 'roll_dice', args: { sides: 20 } }], 'xml', TRIGGER)),
    ).toBe(true);
    expect(gbnfAccepts(grammar, renderCalls([{ name: 'get_weather', args: {} }], 'xml', TRIGGER))).toBe(
      false,
    );
  });
});
