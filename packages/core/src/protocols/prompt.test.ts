import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import type { ToolSpec } from '../providers/types.js';
import { buildToolProtocolPrompt } from './prompt.js';
import { parseToolCallsFromText } from './text-parser.js';
import { exampleArguments, listParameters } from './tool-guide.js';
import { createTrigger } from './trigger.js';

const TOOLS: ToolSpec[] = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        units: { type: 'string', enum: ['c', 'f'], default: 'c' },
        where: {
          type: 'object',
          properties: { lat: { type: 'number', minimum: -90 }, lon: { type: 'number' } },
          required: ['lat'],
        },
        tags: { type: 'array', items: { type: 'object', properties: { key: { type: ['string', 'null'] } } } },
      },
      required: ['city', 'where'],
    },
  },
  { name: 'ping', description: 'Checks the connection.', parameters: { type: 'object', properties: {} } },
];

/** The fenced examples of a prompt: the blocks after "Correct:" and each "Incorrect" heading. */
function examples(prompt: string) {
  const section = prompt.slice(prompt.indexOf('# Examples'), prompt.indexOf('# Tool choice'));
  const [, correct, missing, badArgs] = section.split(/\n(?:Correct:|Incorrect[^\n]*:)\n/);
  return { correct, missing, badArgs };
}

describe('buildToolProtocolPrompt', () => {
  const trigger = createTrigger();

  it('lists each tool with its parameters: types, required/optional, enums, defaults, nested paths', () => {
    const prompt = buildToolProtocolPrompt(TOOLS, { style: 'xml', trigger });
    expect(prompt).toContain('`get_weather`');
    expect(prompt).toContain('Current weather for a city.');
    expect(prompt).toContain('`city` (string, required) — City name');
    expect(prompt).toContain('`units` (string, optional, one of: "c", "f", default: "c")');
    expect(prompt).toContain('`where.lat` (number, required, minimum -90)');
    expect(prompt).toContain('`where.lon` (number, optional)');
    expect(prompt).toContain('`tags[].key` (string | null, optional)');
    expect(prompt).toContain('(no parameters: use {})');
  });

  it('teaches the Luker XML format with the live trigger', () => {
    const prompt = buildToolProtocolPrompt(TOOLS, { style: 'xml', trigger });
    expect(prompt).toContain(`${trigger}\n<function_calls>\n<function_call>\n<tool>TOOL_NAME</tool>`);
    expect(prompt).toContain('<args_json><![CDATA[');
    expect(prompt.match(/<Function_\w{4}_Start\/>/g)?.every((t) => t === trigger)).toBe(true);
  });

  for (const style of ['xml', 'json'] as const) {
    it(`${style}: the correct example parses to a call, the two incorrect ones do not`, () => {
      const prompt = buildToolProtocolPrompt(TOOLS, { style, trigger });
      const { correct, missing, badArgs } = examples(prompt);
      const ok = parseToolCallsFromText(correct, { tools: TOOLS, trigger });
      expect(ok.errors).toEqual([]);
      expect(ok.calls).toHaveLength(1);
      expect(ok.calls[0].name).toBe('get_weather');
      expect(Object.keys(ok.calls[0].args).sort()).toEqual(['city', 'where']);
      // no trigger: not a call at all
      const noTrigger = parseToolCallsFromText(missing, { tools: TOOLS, trigger });
      expect(noTrigger.calls).toEqual([]);
      // arguments not written as one JSON object
      const bad = parseToolCallsFromText(badArgs, { tools: TOOLS, trigger });
      if (style === 'xml') {
        expect(bad.calls).toEqual([]);
        expect(bad.errors.map((e) => e.kind)).toEqual(['invalid_json']);
      } else {
        expect(badArgs).toMatch(/"arguments":"\{/);
      }
    });
  }

  it('uses the JSON format in json style', () => {
    const prompt = buildToolProtocolPrompt(TOOLS, { style: 'json', trigger });
    expect(prompt).toContain(
      `${trigger}\n{"tool_calls":[{"name":"TOOL_NAME","arguments":{"PARAM":"VALUE"}}]}`,
    );
    expect(prompt).not.toContain('<function_calls>');
  });

  it('words each tool choice', () => {
    const text = (o: object) => buildToolProtocolPrompt(TOOLS, { style: 'xml', trigger, ...o });
    expect(text({ toolChoice: 'auto' })).toMatch(/Call a tool only when it helps/);
    expect(text({ toolChoice: 'none' })).toMatch(/do NOT call any tool/);
    expect(text({ toolChoice: 'required' })).toMatch(/MUST call at least one tool/);
    expect(text({ toolChoice: { name: 'ping' } })).toMatch(/MUST call the tool `ping`/);
    expect(text({ requiredFunctionName: 'ping' })).toMatch(/MUST call the tool `ping`/);
  });

  it('shows the required tool in the correct example', () => {
    const prompt = buildToolProtocolPrompt(TOOLS, { style: 'xml', trigger, requiredFunctionName: 'ping' });
    expect(examples(prompt).correct).toContain('<tool>ping</tool>');
  });

  it('rejects a required function that is not among the tools, a bad trigger, no tools', () => {
    const attempts = [
      () => buildToolProtocolPrompt(TOOLS, { style: 'xml', trigger, requiredFunctionName: 'nope' }),
      () => buildToolProtocolPrompt(TOOLS, { style: 'xml', trigger: '<Start/>' }),
      () => buildToolProtocolPrompt([], { style: 'xml', trigger }),
      () => buildToolProtocolPrompt(TOOLS, { style: 'yaml' as 'xml', trigger }),
    ];
    for (const attempt of attempts) {
      let caught: unknown;
      try {
        attempt();
      } catch (e) {
        caught = e;
      }
      expect(isGenerateTaskError(caught) && caught.code).toBe('invalid_input');
    }
  });
});

describe('tool guide helpers', () => {
  it('lists nested parameters with paths', () => {
    expect(listParameters(TOOLS[0].parameters).map((p) => [p.path, p.required])).toEqual([
      ['city', true],
      ['units', false],
      ['where', true],
      ['where.lat', true],
      ['where.lon', false],
      ['tags', false],
      ['tags[].key', false],
    ]);
  });

  it('builds example arguments that respect enums, defaults and types', () => {
    expect(
      exampleArguments({
        type: 'object',
        properties: {
          mode: { type: 'string', enum: ['fast', 'slow'] },
          n: { type: 'integer', minimum: 3 },
          flag: { type: 'boolean', default: false },
          list: { type: 'array', items: { type: 'string' } },
        },
        required: ['mode', 'n', 'flag', 'list'],
      }),
    ).toEqual({ mode: 'fast', n: 3, flag: false, list: ['example list'] });
  });
});
