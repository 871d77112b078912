import { describe, expect, it } from 'vitest';
import { diceFromArgs, parseDiceNotation, rollDice } from './roll-dice.js';

describe('dice notation', () => {
  it('reads NdS±M in its common forms', () => {
    expect(parseDiceNotation('2d6+3')).toEqual({ count: 2, sides: 6, modifier: 3 });
    expect(parseDiceNotation('d20')).toEqual({ count: 1, sides: 20, modifier: 0 });
    expect(parseDiceNotation(' 4D8 - 1 ')).toEqual({ count: 4, sides: 8, modifier: -1 });
    expect(parseDiceNotation('3d10\u22122')).toEqual({ count: 3, sides: 10, modifier: -2 });
  });

  it('refuses what is not notation and what is out of bounds, saying why', () => {
    expect(() => parseDiceNotation('two dice')).toThrow(/not dice notation.*2d6\+3/);
    expect(() => parseDiceNotation('2d6+3+1')).toThrow(/not dice notation/);
    expect(() => parseDiceNotation('101d6')).toThrow('Roll 1 to 100 dice at a time (asked for 101).');
    expect(() => parseDiceNotation('0d6')).toThrow(/asked for 0/);
    expect(() => parseDiceNotation('1d1')).toThrow('Dice have 2 to 1000 sides (asked for 1).');
    expect(() => parseDiceNotation('1d1001')).toThrow(/asked for 1001/);
    expect(() => parseDiceNotation('1d6+10001')).toThrow(/modifier/);
  });

  it('takes notation or count/sides/modifier, not both', () => {
    expect(diceFromArgs({ notation: '1d4', modifier: 2 })).toEqual({ count: 1, sides: 4, modifier: 2 });
    expect(diceFromArgs({ count: 3, sides: 6 })).toEqual({ count: 3, sides: 6, modifier: 0 });
    expect(() => diceFromArgs({ notation: '1d4', count: 2 })).toThrow(/either notation, or count and sides/);
    expect(() => diceFromArgs({ sides: 6 })).toThrow(/Give notation/);
  });
});

describe('rollDice', () => {
  it('reports every roll, the modifier and the total', () => {
    const faces = [6, 1, 4];
    const roll = rollDice({ count: 3, sides: 6, modifier: -2 }, () => faces.shift()!);
    expect(roll).toEqual({
      notation: '3d6-2',
      count: 3,
      sides: 6,
      modifier: -2,
      rolls: [6, 1, 4],
      subtotal: 11,
      total: 9,
    });
  });

  it('rolls within [1, sides] with the real source', () => {
    const roll = rollDice({ count: 100, sides: 3, modifier: 5 });
    expect(roll.rolls).toHaveLength(100);
    expect(roll.rolls.every((r) => Number.isInteger(r) && r >= 1 && r <= 3)).toBe(true);
    expect(new Set(roll.rolls).size).toBeGreaterThan(1);
    expect(roll.total).toBe(roll.rolls.reduce((a, b) => a + b, 0) + 5);
  });
});
