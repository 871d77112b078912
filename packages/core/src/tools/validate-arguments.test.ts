import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from './types.js';
import { validateToolArguments } from './validate-arguments.js';

const rollDice: Pick<ToolDefinition, 'name' | 'parameters'> = {
  name: 'roll_dice',
  parameters: {
    type: 'object',
    properties: { sides: { type: 'integer', minimum: 2 }, count: { type: 'integer', minimum: 1 } },
    required: ['count'],
  },
};

function messageOf(result: ReturnType<typeof validateToolArguments>): string {
  if (result.ok) throw new Error('expected a failure');
  return result.error.message;
}

describe('validateToolArguments', () => {
  it('produces the issue example message exactly', () => {
    const result = validateToolArguments(rollDice, { sides: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_arguments');
    expect(result.error.message).toBe(
      'Invalid arguments for roll_dice: /sides must be >= 2; missing required property "count".',
    );
    expect(result.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ keyword: 'required', instancePath: '' })]),
    );
  });

  it('refuses arguments nested deeper than 256 levels, as text or as a value (no stack overflow)', () => {
    const text = `{"count":1,"x":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    expect(messageOf(validateToolArguments(rollDice, text))).toContain('nest more than 256 levels deep');
    expect(messageOf(validateToolArguments(rollDice, JSON.parse(text)))).toContain(
      'nest more than 256 levels deep',
    );
    const fine = `{"count":1,"x":${'['.repeat(200)}${']'.repeat(200)}}`;
    expect(validateToolArguments({ ...rollDice, parameters: { type: 'object' } }, fine).ok).toBe(true);
  });

  it('accepts an object or JSON text', () => {
    expect(validateToolArguments(rollDice, { count: 2, sides: 6 })).toEqual({
      ok: true,
      args: { count: 2, sides: 6 },
    });
    expect(validateToolArguments(rollDice, '{"count": 3}')).toEqual({ ok: true, args: { count: 3 } });
  });

  it("treats '', whitespace, null and undefined as {}", () => {
    const free = { name: 'now', parameters: { type: 'object', properties: {} } };
    for (const raw of ['', '  \n\t', null, undefined]) {
      expect(validateToolArguments(free, raw)).toEqual({ ok: true, args: {} });
    }
    expect(messageOf(validateToolArguments(rollDice, ''))).toBe(
      'Invalid arguments for roll_dice: missing required property "count".',
    );
  });

  it('explains broken JSON and non-object arguments', () => {
    expect(messageOf(validateToolArguments(rollDice, '{"count": 2'))).toMatch(
      /^Invalid arguments for roll_dice: arguments are not valid JSON \(.+\); send one JSON object\.$/,
    );
    expect(messageOf(validateToolArguments(rollDice, '[1,2]'))).toBe(
      'Invalid arguments for roll_dice: arguments must be a JSON object, got an array.',
    );
    expect(messageOf(validateToolArguments(rollDice, '"hi"'))).toBe(
      'Invalid arguments for roll_dice: arguments must be a JSON object, got a string.',
    );
    expect(messageOf(validateToolArguments(rollDice, 'null'))).toBe(
      'Invalid arguments for roll_dice: arguments must be a JSON object, got null.',
    );
    expect(messageOf(validateToolArguments(rollDice, 5))).toBe(
      'Invalid arguments for roll_dice: arguments must be a JSON object, got a number.',
    );
  });

  it('rejects __proto__, constructor and prototype keys at any depth', () => {
    const open = { name: 'store', parameters: { type: 'object' } };
    expect(messageOf(validateToolArguments(open, '{"__proto__": {"polluted": true}}'))).toBe(
      'Invalid arguments for store: /__proto__ is not an allowed property name.',
    );
    expect(messageOf(validateToolArguments(open, '{"a": {"b": [{"constructor": {"prototype": 1}}]}}'))).toBe(
      'Invalid arguments for store: /a/b/0/constructor is not an allowed property name.',
    );
    expect(messageOf(validateToolArguments(open, { x: { prototype: 1 } }))).toBe(
      'Invalid arguments for store: /x/prototype is not an allowed property name.',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Keys that merely contain the words are fine.
    expect(validateToolArguments(open, { constructor_name: 'x', my_prototype: 1 }).ok).toBe(true);
  });

  it('describes type, enum, format and unexpected properties', () => {
    const tool = {
      name: 'send',
      parameters: {
        type: 'object',
        properties: {
          to: { type: 'string', format: 'email' },
          tone: { enum: ['calm', 'angry'] },
          n: { type: 'integer' },
          opts: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
        },
        additionalProperties: false,
      },
    };
    expect(
      messageOf(validateToolArguments(tool, { to: 'nope', tone: 'happy', n: 1.5, extra: 1, opts: {} })),
    ).toBe(
      'Invalid arguments for send: /to must match format "email"; /tone must be one of "calm", "angry"; ' +
        '/n must be integer; unexpected property "extra"; missing required property "x" in /opts.',
    );
  });

  it('caps the list of problems', () => {
    const properties: Record<string, unknown> = {};
    const args: Record<string, unknown> = {};
    for (let i = 0; i < 12; i++) {
      properties[`p${i}`] = { type: 'string' };
      args[`p${i}`] = i;
    }
    const message = messageOf(
      validateToolArguments({ name: 'many', parameters: { type: 'object', properties } }, args),
    );
    expect(message.endsWith('; and 4 more problems.')).toBe(true);
    expect(message.split('must be string')).toHaveLength(9);
  });

  it('compiles a schema once and reuses it', () => {
    const tool = { name: 't', parameters: { type: 'object', properties: { a: { type: 'string' } } } };
    expect(validateToolArguments(tool, { a: 'x' }).ok).toBe(true);
    // Changing the schema in place does not change the cached validator: definitions are treated as immutable.
    (tool.parameters.properties.a as { type: string }).type = 'number';
    expect(validateToolArguments(tool, { a: 'x' }).ok).toBe(true);
    // A new definition object gets a new validator.
    expect(validateToolArguments({ ...tool, parameters: { ...tool.parameters } }, { a: 'x' }).ok).toBe(false);
  });

  it('lets two tools share an $id without colliding', () => {
    const a = {
      name: 'a',
      parameters: { $id: 'https://tools.example/same.json', type: 'object', required: ['x'] },
    };
    const b = {
      name: 'b',
      parameters: { $id: 'https://tools.example/same.json', type: 'object', required: ['y'] },
    };
    expect(messageOf(validateToolArguments(a, {}))).toContain('"x"');
    expect(messageOf(validateToolArguments(b, {}))).toContain('"y"');
  });

  it('reports an unusable schema as a tool error, not as the model’s fault', () => {
    const result = validateToolArguments(
      { name: 'bad', parameters: { type: 'object', properties: { a: { $ref: '#/nope' } } } },
      {},
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('tool_error');
      expect(result.error.message).toMatch(/^Tool bad has an unusable parameters schema: /);
    }
  });
});
