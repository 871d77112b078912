// Type tests (checked by `npm run typecheck`): a tool's arguments are typed from its JSON Schema.

import { expectTypeOf } from 'vitest';
import type { NativeToolContext } from './registered-tool.js';
import { ToolRegistry } from './registry.js';
import type { SchemaType, ToolArguments } from './tool-arguments.js';
import type { JsonSchema } from './types.js';

const registry = new ToolRegistry();

// The README example: inline parameters type the action's arguments, no annotation needed.
registry.registerFunctionTool({
  name: 'roll_dice',
  description: 'Roll dice and return every roll.',
  parameters: { type: 'object', properties: { sides: { type: 'integer', minimum: 2 } }, required: ['sides'] },
  action: ({ sides }) => {
    expectTypeOf(sides).toEqualTypeOf<number>();
    return { roll: 1 + Math.floor(Math.random() * sides) };
  },
});

// Optional properties, enums, arrays, nested objects, nullable types, formatMessage and the context.
registry.registerFunctionTool({
  name: 'send_note',
  description: 'Send a note.',
  parameters: {
    type: 'object',
    properties: {
      text: { type: 'string' },
      priority: { enum: ['low', 'high'] },
      tags: { type: 'array', items: { type: 'string' } },
      target: {
        type: 'object',
        properties: { id: { type: 'integer' }, pinned: { type: 'boolean' } },
        required: ['id'],
        additionalProperties: false,
      },
      due: { type: ['string', 'null'] },
    },
    required: ['text', 'target'],
    additionalProperties: false,
  },
  action: (args, context) => {
    expectTypeOf(args.text).toEqualTypeOf<string>();
    expectTypeOf(args.priority).toEqualTypeOf<'low' | 'high' | undefined>();
    expectTypeOf(args.tags).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(args.target).toEqualTypeOf<{ id: number; pinned?: boolean }>();
    expectTypeOf(args.due).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(context).toEqualTypeOf<NativeToolContext>();
    // @ts-expect-error: additionalProperties is false, so there is no other key
    args.other;
    return 'sent';
  },
  formatMessage: ({ text }) => {
    expectTypeOf(text).toEqualTypeOf<string>();
    return `Sending ${text}`;
  },
});

// A wrong use of a typed argument does not compile.
registry.registerFunctionTool({
  name: 'shout',
  description: 'Shout.',
  parameters: { type: 'object', properties: { words: { type: 'string' } }, required: ['words'] },
  // @ts-expect-error: `words` is a string, not a number
  action: ({ words }) => words.toFixed(2),
});

// No parameters, or a schema only known at run time: the loose record, as before.
registry.registerFunctionTool({
  name: 'ping',
  description: 'Ping.',
  action: (args) => {
    expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
    return 'pong';
  },
});
const loaded: JsonSchema = JSON.parse('{"type":"object"}');
registry.registerFunctionTool('loaded', 'A schema read from a file.', loaded, (args) => {
  expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
  return 'ok';
});

// The positional form infers too.
registry.registerFunctionTool(
  'add',
  'Add two numbers.',
  { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  ({ a, b }) => a + b,
);

// Luker's orchestration tools: exec and simulate share the parameters' type.
registry.registerOrchestrationTool({
  name: 'set_gold',
  description: 'Set the party gold.',
  mode: 'write',
  parameters: { type: 'object', properties: { amount: { type: 'integer' } }, required: ['amount'] },
  exec: ({ amount }) => {
    expectTypeOf(amount).toEqualTypeOf<number>();
    return amount;
  },
  simulate: ({ amount }) => ({ simulated: amount }),
});

// The helper types on their own.
expectTypeOf<SchemaType<{ const: 'x' }>>().toEqualTypeOf<'x'>();
expectTypeOf<SchemaType<{ anyOf: [{ type: 'string' }, { type: 'integer' }] }>>().toEqualTypeOf<
  string | number
>();
expectTypeOf<SchemaType<{ type: 'object' }>>().toEqualTypeOf<Record<string, unknown>>();
expectTypeOf<SchemaType<JsonSchema>>().toEqualTypeOf<unknown>();
expectTypeOf<ToolArguments<{ type: 'object'; properties: { n: { type: 'number' } } }>>().toEqualTypeOf<{
  [key: string]: unknown;
  n?: number;
}>();
