import { countUnspacedScriptChars } from './keys.js';
import type { WorldInfoBudget, WorldInfoBudgetUnit } from './types.js';

/**
 * A rough token count for budgets when no tokenizer is injected: about four characters per token for
 * spaced scripts, one token per character for Han, kana, Hangul and the like (tokenizers rarely merge those).
 */
export function estimateWorldInfoTokens(text: string): number {
  const unspaced = countUnspacedScriptChars(text);
  return unspaced + Math.ceil((text.length - unspaced) / 4);
}

/** Tracks what activated entries cost against an optional limit. */
export class BudgetMeter {
  readonly unit: WorldInfoBudgetUnit;
  readonly limit: number;
  used = 0;
  overflowed = false;

  constructor(
    budget: WorldInfoBudget,
    private readonly countTokens: (text: string) => number = estimateWorldInfoTokens,
  ) {
    this.unit = budget.unit ?? 'tokens';
    this.limit = Math.max(0, budget.limit);
  }

  cost(text: string): number {
    return this.unit === 'chars' ? text.length : this.countTokens(text);
  }

  /**
   * Admits `cost` unless it would pass the limit. Once something did not fit, nothing else is admitted, so
   * entries are dropped from the lowest priority up. `force` admits (and counts) regardless.
   */
  admit(cost: number, force = false): boolean {
    if (force) {
      this.used += cost;
      return true;
    }
    if (this.overflowed || this.used + cost > this.limit) {
      this.overflowed = true;
      return false;
    }
    this.used += cost;
    return true;
  }
}
