import { describe, expect, it } from 'vitest';
import { createTrigger, isTrigger, TRIGGER_PATTERN } from './trigger.js';

describe('createTrigger', () => {
  it('makes <Function_XXXX_Start/> with 4 alphanumerics', () => {
    for (let i = 0; i < 50; i++) {
      const t = createTrigger();
      expect(t).toMatch(/^<Function_[A-Za-z0-9]{4}_Start\/>$/);
      expect(isTrigger(t)).toBe(true);
    }
  });

  it('varies between calls', () => {
    const seen = new Set(Array.from({ length: 50 }, () => createTrigger()));
    expect(seen.size).toBeGreaterThan(45);
  });

  it('uses the injected random source', () => {
    expect(createTrigger(() => 0)).toBe('<Function_AAAA_Start/>');
    expect(createTrigger(() => 61)).toBe('<Function_9999_Start/>');
  });

  it('recognises only well-formed triggers', () => {
    expect(isTrigger('<Function_ab_Start/>')).toBe(false);
    expect(isTrigger('<Function_abcd_Start/> ')).toBe(false);
    expect(TRIGGER_PATTERN.test('x <Function_a1B2_Start/> y')).toBe(true);
  });
});
