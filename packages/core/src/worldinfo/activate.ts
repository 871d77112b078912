import { activateLorebooks } from './activate-lorebooks.js';
import type {
  ActivatedWorldInfoEntry,
  LorebookActivation,
  LorebookActivationInput,
  WorldInfoActivator,
  WorldInfoScanInput,
} from './types.js';

export { DEFAULT_SCAN_DEPTH } from './activate-lorebooks.js';
export { parseRegexKey } from './keys.js';

/**
 * Activates world info with the full lorebook engine (recursion on by default; every option of
 * WorldInfoScanInput applies). Returns the activated entries sorted by order, grouped by position, and a
 * trace of why each entry did or did not activate.
 */
export function activateWorldInfo(input: WorldInfoScanInput): LorebookActivation {
  return activateLorebooks(input);
}

/**
 * The minimal activation generateTask uses when no activator is configured: the same engine with recursion
 * off, so an entry activates only from the scanned messages (or as a constant / forced entry).
 */
export const minimalWorldInfoActivator: WorldInfoActivator = {
  activate: (input) => activateLorebooks({ ...input, recursion: { ...input.recursion, enabled: false } }),
};

/** Settings an activator lays under each call's input (the call's own values win). */
export type WorldInfoActivatorSettings = Omit<
  LorebookActivationInput,
  'messages' | 'books' | 'forceActivate'
> & {
  /** books to activate alongside the call's entries, e.g. from mergeLorebookSources (a function is asked each call) */
  books?:
    | LorebookActivationInput['books']
    | (() => LorebookActivationInput['books'] | Promise<LorebookActivationInput['books']>);
  /** entries forced this turn (lorebook_force_activate); a function is asked each call */
  forceActivate?: LorebookActivationInput['forceActivate'] | (() => LorebookActivationInput['forceActivate']);
};

/**
 * A WorldInfoActivator for generateTask's `worldInfoActivator`: the full engine over the given books plus
 * the entries generateTask passes (its `worldInfo` source and `runtimeWorldInfo`).
 */
export function createWorldInfoActivator(settings: WorldInfoActivatorSettings = {}): WorldInfoActivator {
  return {
    async activate(input) {
      const { books, forceActivate, ...rest } = settings;
      const resolvedBooks = typeof books === 'function' ? await books() : books;
      const resolvedForced = typeof forceActivate === 'function' ? forceActivate() : forceActivate;
      return activateLorebooks({
        ...rest,
        ...definedOnly(input),
        messages: input.messages,
        books: [...(resolvedBooks ?? []), ...(input.books ?? [])],
        forceActivate: [...(resolvedForced ?? []), ...(input.forceActivate ?? [])],
      });
    },
  };
}

/** Drops undefined values so they do not override the activator's settings. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Joins activated entries' content the way they are inserted into the prompt. */
export function formatWorldInfo(entries: ActivatedWorldInfoEntry[]): string {
  return entries
    .map((a) => a.entry.content)
    .filter((c) => typeof c === 'string' && c.trim() !== '')
    .join('\n');
}
