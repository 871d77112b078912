import type { JsonSchema, ToolMode } from '@toolsmith/core';

/** A trusted in-process tool that ships with the server. Its name is reserved for custom tools. */
export interface BuiltinTool {
  name: string;
  displayName: string;
  description: string;
  parameters: JsonSchema;
  mode: ToolMode;
  /** enabled until the user switches it off */
  defaultEnabled: boolean;
  run(args: Record<string, unknown>): unknown;
}

export const BUILTIN_TOOLS: BuiltinTool[] = [
  {
    name: 'get_current_time',
    displayName: 'Current time',
    description:
      'Returns the current date and time on the server as an ISO 8601 UTC timestamp plus the server time zone.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    mode: 'read',
    defaultEnabled: true,
    run: () => ({
      iso: new Date().toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
  },
  {
    name: 'roll_dice',
    displayName: 'Roll dice',
    description: 'Rolls `count` dice with `sides` sides each and returns every roll and the total.',
    parameters: {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1, maximum: 100, description: 'How many dice to roll (1–100).' },
        sides: { type: 'integer', minimum: 2, maximum: 1000, description: 'Sides per die (2–1000).' },
      },
      required: ['count', 'sides'],
      additionalProperties: false,
    },
    mode: 'read',
    defaultEnabled: true,
    run: (args) => {
      const count = Number(args.count);
      const sides = Number(args.sides);
      const rolls = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * sides));
      return { rolls, total: rolls.reduce((a, b) => a + b, 0) };
    },
  },
];
