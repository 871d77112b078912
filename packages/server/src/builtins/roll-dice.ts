import { randomInt } from 'node:crypto';

export const MAX_DICE = 100;
export const MIN_SIDES = 2;
export const MAX_SIDES = 1000;
export const MAX_MODIFIER = 10_000;

export interface DiceSpec {
  count: number;
  sides: number;
  modifier: number;
}

export interface DiceRoll extends DiceSpec {
  /** normalized, e.g. `2d6+3` */
  notation: string;
  rolls: number[];
  /** the sum of the rolls, before the modifier */
  subtotal: number;
  total: number;
}

// NdS±M: N optional (1), the sign may be a Unicode minus; spaces allowed around the parts
const NOTATION = /^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+\-\u2212])\s*(\d+))?\s*$/u;

/** Parses `NdS±M` (`d20`, `2d6+3`, `4d8 - 1`); throws an error that says what is wrong. */
export function parseDiceNotation(notation: string): DiceSpec {
  const match = NOTATION.exec(notation);
  if (!match) {
    throw new Error(
      `"${notation}" is not dice notation. Write NdS±M, for example "2d6+3", "d20" or "4d8-1".`,
    );
  }
  const count = match[1] === '' ? 1 : Number(match[1]);
  const sides = Number(match[2]);
  const modifier = match[3] ? (match[3] === '+' ? 1 : -1) * Number(match[4]) : 0;
  return checkDice({ count, sides, modifier });
}

/** Checks the bounds; throws an error naming the bound. */
export function checkDice(spec: DiceSpec): DiceSpec {
  const { count, sides, modifier } = spec;
  if (!Number.isInteger(count) || count < 1 || count > MAX_DICE) {
    throw new Error(`Roll 1 to ${MAX_DICE} dice at a time (asked for ${count}).`);
  }
  if (!Number.isInteger(sides) || sides < MIN_SIDES || sides > MAX_SIDES) {
    throw new Error(`Dice have ${MIN_SIDES} to ${MAX_SIDES} sides (asked for ${sides}).`);
  }
  if (!Number.isInteger(modifier) || Math.abs(modifier) > MAX_MODIFIER) {
    throw new Error(`The modifier must be a whole number from -${MAX_MODIFIER} to ${MAX_MODIFIER}.`);
  }
  return spec;
}

/** Rolls the dice with a uniform, unbiased source (crypto.randomInt unless one is given: [1, sides]). */
export function rollDice(
  spec: DiceSpec,
  roll: (sides: number) => number = (sides) => randomInt(1, sides + 1),
): DiceRoll {
  const { count, sides, modifier } = checkDice(spec);
  const rolls = Array.from({ length: count }, () => roll(sides));
  const subtotal = rolls.reduce((a, b) => a + b, 0);
  const sign = modifier > 0 ? `+${modifier}` : modifier < 0 ? `${modifier}` : '';
  return {
    notation: `${count}d${sides}${sign}`,
    count,
    sides,
    modifier,
    rolls,
    subtotal,
    total: subtotal + modifier,
  };
}

/** roll_dice's arguments: `{ notation }`, or `{ count, sides, modifier? }`. */
export function diceFromArgs(args: Record<string, unknown>): DiceSpec {
  if (typeof args.notation === 'string') {
    if (args.count !== undefined || args.sides !== undefined) {
      throw new Error('Give either notation, or count and sides — not both.');
    }
    const spec = parseDiceNotation(args.notation);
    if (args.modifier !== undefined) spec.modifier += Number(args.modifier);
    return checkDice(spec);
  }
  if (args.count === undefined || args.sides === undefined) {
    throw new Error('Give notation (for example "2d6+3"), or count and sides.');
  }
  return checkDice({
    count: Number(args.count),
    sides: Number(args.sides),
    modifier: Number(args.modifier ?? 0),
  });
}
