import { describe, expect, it } from 'vitest';
import { describeThrown } from './describe-thrown.js';

describe('describeThrown', () => {
  it('never throws on hostile values', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('get');
        },
        getPrototypeOf() {
          throw new Error('proto');
        },
        ownKeys() {
          throw new Error('keys');
        },
      },
    );
    expect(describeThrown(hostile)).toBe('an error that could not be described');
    const loopingToJson = {
      toJSON() {
        return loopingToJson;
      },
    };
    expect(describeThrown(loopingToJson)).toBe('threw an object without a message');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeThrown(circular)).toBe('threw an object without a message');
  });

  it('describes errors with odd names and messages', () => {
    expect(describeThrown(new TypeError('bad type'))).toBe('TypeError: bad type');
    expect(describeThrown(new RangeError(''))).toBe('RangeError');
    expect(describeThrown('')).toBe('threw an empty string');
    expect(describeThrown(() => 1)).toBe('threw a function');
    expect(describeThrown(10n)).toBe('threw 10');
  });

  it('clips very long messages', () => {
    const text = describeThrown('x'.repeat(5000));
    expect(text.length).toBe(2001);
    expect(text.endsWith('…')).toBe(true);
  });
});
