import type { JsonSchema, ToolMode } from '@toolsmith/core';
import type { BuiltinCallContext } from './builtin-context.js';
import { forceActivate, searchLorebook } from './lorebook-tools.js';
import { diceFromArgs, MAX_DICE, MAX_MODIFIER, MAX_SIDES, MIN_SIDES, rollDice } from './roll-dice.js';
import { getVariable, setVariable } from './variable-tools.js';

export type { BuiltinCallContext } from './builtin-context.js';

/** A trusted in-process tool that ships with the server. Its name is reserved for custom tools. */
export interface BuiltinTool {
  name: string;
  displayName: string;
  description: string;
  parameters: JsonSchema;
  mode: ToolMode;
  /** enabled until the user switches it off */
  defaultEnabled: boolean;
  /** the extension that registered it (tool pickers list it under "From extensions"); absent = ships with Toolsmith */
  extension?: string;
  /**
   * Runs the tool. `context` carries the chat data of this call (variables, lorebooks, this turn's world
   * info) and the simulate flag; callers that have none may leave it out, and tools that need it say so.
   */
  run(args: Record<string, unknown>, context?: BuiltinCallContext): unknown;
}

const VARIABLE_NAME = {
  type: 'string',
  minLength: 1,
  maxLength: 256,
  description: 'The variable name (as in {{getvar::name}}).',
};
const VARIABLE_SCOPE = {
  type: 'string',
  enum: ['chat', 'global'],
  description: '"chat" (this chat only, the default) or "global" (every chat).',
};

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
    description:
      'Rolls dice. Give `notation` in NdS±M form ("2d6+3", "d20", "4d8-1"), or `count` and `sides` (and an ' +
      'optional `modifier`). Returns every roll, the modifier and the total.',
    parameters: {
      type: 'object',
      properties: {
        notation: { type: 'string', maxLength: 32, description: 'Dice notation NdS±M, e.g. "2d6+3".' },
        count: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_DICE,
          description: `How many dice to roll (1–${MAX_DICE}).`,
        },
        sides: {
          type: 'integer',
          minimum: MIN_SIDES,
          maximum: MAX_SIDES,
          description: `Sides per die (${MIN_SIDES}–${MAX_SIDES}).`,
        },
        modifier: {
          type: 'integer',
          minimum: -MAX_MODIFIER,
          maximum: MAX_MODIFIER,
          description: 'Added to the sum of the rolls (may be negative).',
        },
      },
      additionalProperties: false,
    },
    mode: 'read',
    defaultEnabled: true,
    run: (args) => rollDice(diceFromArgs(args)),
  },
  {
    name: 'search_lorebook',
    displayName: 'Search lorebook',
    description:
      "Searches this chat's lorebooks (world info) by keys, titles and content. Returns matching entries with " +
      'their book and uid, which lorebook_force_activate accepts.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 500, description: 'What to look for.' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 20,
          description: 'Most entries returned (default 5).',
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    mode: 'read',
    defaultEnabled: true,
    run: searchLorebook,
  },
  {
    name: 'lorebook_force_activate',
    displayName: 'Force lorebook entries',
    description:
      "Adds lorebook entries to this turn's world info, whatever their keys say. Name each entry by its book " +
      '(id or name) and uid, as search_lorebook returns them.',
    parameters: {
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: {
            type: 'object',
            properties: {
              book: { type: 'string', description: 'The lorebook id or name.' },
              uid: { type: ['string', 'integer'], description: 'The entry uid.' },
            },
            required: ['uid'],
            additionalProperties: false,
          },
        },
      },
      required: ['entries'],
      additionalProperties: false,
    },
    // it changes only the prompt of the generation running now, nothing stored
    mode: 'read',
    defaultEnabled: true,
    run: forceActivate,
  },
  {
    name: 'get_variable',
    displayName: 'Get variable',
    description: 'Reads a chat variable (or a global one with scope "global"). Unset variables read as null.',
    parameters: {
      type: 'object',
      properties: { name: VARIABLE_NAME, scope: VARIABLE_SCOPE },
      required: ['name'],
      additionalProperties: false,
    },
    mode: 'read',
    defaultEnabled: true,
    run: getVariable,
  },
  {
    name: 'set_variable',
    displayName: 'Set variable',
    description:
      'Stores a value in a chat variable (or a global one with scope "global"); {{getvar::name}} and ' +
      '{{getglobalvar::name}} show it in later prompts.',
    parameters: {
      type: 'object',
      properties: {
        name: VARIABLE_NAME,
        value: { type: ['string', 'number', 'boolean'], description: 'The value to store.' },
        scope: VARIABLE_SCOPE,
      },
      required: ['name', 'value'],
      additionalProperties: false,
    },
    mode: 'write',
    defaultEnabled: true,
    run: setVariable,
  },
];
