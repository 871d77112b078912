/**
 * World-info (lorebook) shapes. Everything past the minimal fields (keys, content, constant, disabled,
 * position before/after, order, scanDepth, caseSensitive) is optional, so entries written for the minimal
 * activation keep working; the lorebook engine reads the rest.
 */

/** `before` / `after` the character card, or `depth`: inside the chat, `depth` messages from its end. */
export type WorldInfoPosition = 'before' | 'after' | 'depth';

/** How secondary keys combine with a primary match (SillyTavern's selective logic). */
export type SelectiveLogic = 'AND_ANY' | 'NOT_ALL' | 'NOT_ANY' | 'AND_ALL';

export type WorldInfoRole = 'system' | 'user' | 'assistant';

export interface WorldInfoEntry {
  /** the entry's id inside its book; the book-local index stands in when missing */
  uid?: string | number;
  /** primary keys: plain text, or `/pattern/flags` */
  keys: string[];
  /** optional secondary keys, combined with a primary match by `selectiveLogic` */
  secondaryKeys?: string[];
  /** default `AND_ANY` */
  selectiveLogic?: SelectiveLogic;
  /** false ignores `secondaryKeys` (SillyTavern's switch; default true) */
  selective?: boolean;
  content: string;
  /** the entry's title, for people and search; never sent */
  comment?: string;
  /** always active (still subject to probability and budget) */
  constant?: boolean;
  disabled?: boolean;
  /** where the content goes (default `before`) */
  position?: WorldInfoPosition;
  /** `position: 'depth'`: how many messages from the end of the chat (0 = after the last; default 4) */
  depth?: number;
  /** `position: 'depth'`: the role of the inserted message (default `system`) */
  role?: WorldInfoRole;
  /**
   * Lower orders are inserted first (default 100). A higher order is also a higher priority: under a
   * budget, entries are kept from the highest order down (SillyTavern's semantics).
   */
  order?: number;
  /** how many of the latest messages this entry scans (default: the book's, then the activation's) */
  scanDepth?: number;
  /** match plain keys case-sensitively (default: the book's, else false); regex keys use their own flags */
  caseSensitive?: boolean;
  /** plain keys must stand as whole words (default: the book's, else false); see keys.ts for scripts */
  matchWholeWords?: boolean;
  /** chance to activate once matched, 0–100 (default 100) */
  probability?: number;
  /** false ignores `probability` (cards exported by SillyTavern carry both) */
  useProbability?: boolean;
  /** never activated by other entries' content, only by the scanned messages */
  excludeRecursion?: boolean;
  /** this entry's content is not scanned for further activations */
  preventRecursion?: boolean;
  /**
   * Only after recursion: not in the first scan of the messages, but in recursion rounds (`true` = level 1;
   * a number = that level: level-n entries join once the scan reaches level n). SillyTavern's semantics.
   */
  delayUntilRecursion?: boolean | number;
  /** stays active this many chat messages after it fired (SillyTavern's `sticky`; 0 = off) */
  sticky?: number;
  /** cannot fire again for this many messages after it fired or after its sticky ended (0 = off) */
  cooldown?: number;
  /** cannot fire before the chat has this many messages (0 = off) */
  delay?: number;
  /** inclusion groups, comma-separated: one entry per group is inserted per activation */
  group?: string;
  /** wins its group whatever the others' weights (the highest `order` among such entries) */
  groupOverride?: boolean;
  /** chance to win its group, relative to the others' (default 100) */
  groupWeight?: number;
  /** its group is decided by key matches first (the most keys found wins); undefined = the activation's setting */
  useGroupScoring?: boolean;
  /** only for (or, with `exclude`, never for) these characters: names (or ids) and tags of the answering character */
  characterFilter?: WorldInfoCharacterFilter;
  /**
   * SillyTavern's generation-type filter: when not empty, the entry activates only for these types
   * (`normal`, `continue`, `impersonate`, `swipe`, `regenerate`, `quiet`). Imported files keep it in
   * `passthrough.triggers` (or `extensions.triggers`), which count the same.
   */
  triggers?: string[];
  /** an imported entry's `extensions` object, kept whole and written back on export */
  extensions?: Record<string, unknown>;
  /** other fields of an imported entry this engine does not use, written back on export */
  passthrough?: Record<string, unknown>;
}

/** Which characters an entry is for (SillyTavern's `characterFilter`). */
export interface WorldInfoCharacterFilter {
  /** character names or ids; empty = no name rule */
  names?: string[];
  /** character tags; empty = no tag rule */
  tags?: string[];
  /** true: the entry is off for the characters named or tagged, on for every other */
  exclude?: boolean;
}

/** The character an activation is for (the one answering), for entries' character filters. */
export interface WorldInfoCharacter {
  id?: string;
  name?: string;
  tags?: string[];
}

/** One running sticky or cooldown, counted in chat messages: active while `start` ≤ count < `end`. */
export interface WorldInfoTimedEffect {
  /** the chat's message count when it started */
  start: number;
  end: number;
  /** a cooldown that began when a sticky ended: kept when the same generation is made again */
  protected?: boolean;
}

/** A chat's running timed effects, keyed by `BOOK_ID.UID` (`UID` for entries outside books). */
export interface WorldInfoTimedEffectsState {
  sticky: Record<string, WorldInfoTimedEffect>;
  cooldown: Record<string, WorldInfoTimedEffect>;
}

/** What the engine needs to apply timed effects: the state so far and how long the chat is now. */
export interface WorldInfoTimedEffectsInput {
  /** the state the previous generation left (absent = none running) */
  state?: WorldInfoTimedEffectsState;
  /** the number of chat messages the generation answers (SillyTavern's chat length) */
  messageCount: number;
}

/** A lorebook: entries plus defaults its entries fall back to. */
export interface Lorebook {
  id: string;
  name?: string;
  description?: string;
  /** a disabled book activates nothing */
  disabled?: boolean;
  entries: WorldInfoEntry[];
  scanDepth?: number;
  caseSensitive?: boolean;
  matchWholeWords?: boolean;
  /** an imported book's `extensions`, kept whole */
  extensions?: Record<string, unknown>;
  /** other fields of an imported book (e.g. a card's `token_budget`), kept for export, not applied */
  passthrough?: Record<string, unknown>;
}

/** Names an entry across books: the book's id and the entry's uid (or index). */
export interface WorldInfoEntryRef {
  book?: string;
  uid: string | number;
}

/** A text to scan, newest last. */
export interface WorldInfoScanMessage {
  role?: string;
  content: string;
}

export type WorldInfoBudgetUnit = 'chars' | 'tokens';

export interface WorldInfoBudget {
  /** the most characters or tokens activated entries' content may take */
  limit: number;
  /** default `tokens` */
  unit?: WorldInfoBudgetUnit;
}

export interface WorldInfoRecursion {
  /** default true (the minimal activator turns it off) */
  enabled?: boolean;
  /** how many rounds of entries activating entries (default 3; 0 = none) */
  maxDepth?: number;
}

/**
 * What an activation scans. `entries` is the flat form generateTask passes (runtime entries); `books` carry
 * their own defaults. The rest are optional engine settings.
 */
export interface WorldInfoScanInput {
  entries: WorldInfoEntry[];
  messages: WorldInfoScanMessage[];
  /** how many of the latest messages to scan (default 2; 0 = constants only) */
  scanDepth?: number;
  books?: Lorebook[];
  /** defaults for entries whose book does not set them */
  caseSensitive?: boolean;
  matchWholeWords?: boolean;
  recursion?: WorldInfoRecursion;
  budget?: WorldInfoBudget;
  /** token counter for a `tokens` budget (default estimateWorldInfoTokens) */
  countTokens?: (text: string) => number;
  /** [0, 1) source for probability rolls (default Math.random); inject a seeded one in tests */
  random?: () => number;
  /** entries included whatever their keys, probability or the budget (a bare uid matches in every book) */
  forceActivate?: Array<string | number | WorldInfoEntryRef>;
  /** the generation type (SillyTavern's, e.g. `normal`, `quiet`): entries whose `triggers` omit it stay off */
  generationType?: string;
  /** sticky / cooldown / delay: absent = timed effects are not applied (delay is, when messageCount is known) */
  timedEffects?: WorldInfoTimedEffectsInput;
  /** group scoring for every group (entries' `useGroupScoring` win); default false */
  useGroupScoring?: boolean;
  /** the answering character, for character filters (absent = no character) */
  character?: WorldInfoCharacter;
}

/** The lorebook engine's input: like WorldInfoScanInput, with `entries` optional when `books` are given. */
export type LorebookActivationInput = Omit<WorldInfoScanInput, 'entries'> & { entries?: WorldInfoEntry[] };

export type WorldInfoActivationReason =
  | { kind: 'constant' }
  | { kind: 'forced' }
  | { kind: 'key'; key: string; match: string; messageIndex: number }
  | {
      kind: 'secondary';
      key: string;
      match: string;
      messageIndex: number;
      logic: SelectiveLogic;
      /** the secondary keys found (empty for NOT_ANY) */
      secondaryMatches: string[];
    }
  /** still active from an earlier generation */
  | { kind: 'sticky'; remaining: number }
  | {
      kind: 'recursion';
      /** 1 = activated by entries the messages activated, 2 = by those, ... */
      depth: number;
      key: string;
      match: string;
      /** the entry whose content held the match */
      triggeredBy: WorldInfoEntryRef;
      logic?: SelectiveLogic;
      secondaryMatches?: string[];
    };

export type WorldInfoSkipReason =
  | 'disabled'
  /** its `triggers` list does not name this generation type */
  | 'trigger'
  | 'no_match'
  | 'no_keys'
  | 'invalid_regex'
  | 'dropped_budget'
  | 'dropped_probability'
  /** its character filter leaves out the answering character */
  | 'character_filter'
  /** the chat is shorter than its `delay` */
  | 'delay'
  /** its cooldown runs */
  | 'cooldown'
  /** `delayUntilRecursion`: no recursion round reached its level */
  | 'delayed_until_recursion'
  /** another entry of its inclusion group was chosen (see `group`) */
  | 'group_lost';

/** How an inclusion group contest went for one entry. */
export interface WorldInfoGroupOutcome {
  /** the group's name */
  name: string;
  won: boolean;
  /**
   * what decided: `sticky` (a sticky member stays), `forced`, `already_active` (a member activated in an
   * earlier round), `score` (fewer keys matched), `override` (groupOverride), `weight` (the weighted roll),
   * `alone` (the only candidate)
   */
  rule: 'sticky' | 'forced' | 'already_active' | 'score' | 'override' | 'weight' | 'alone';
  /** the winner, when one was chosen */
  winner?: WorldInfoEntryRef;
  /** weight: the roll in [0, totalWeight) and the weights */
  roll?: number;
  totalWeight?: number;
  weight?: number;
  /** score: this entry's and the best score */
  score?: number;
  bestScore?: number;
}

/** A timed effect as the trace shows it: which one, and how many messages are left. */
export interface WorldInfoTimedStatus {
  effect: 'sticky' | 'cooldown' | 'delay';
  /** messages until it ends (delay: until the entry may fire) */
  remaining: number;
}

export interface WorldInfoTraceItem {
  entry: WorldInfoEntry;
  /** the book's id, when the entry came from a book */
  book?: string;
  activated: boolean;
  /** why it activated; for `dropped_*` items, why it matched before being dropped */
  reason?: WorldInfoActivationReason;
  skipped?: WorldInfoSkipReason;
  /** `/regex/` keys that did not compile */
  invalidKeys?: string[];
  /** no_match: a primary key matched but the secondary logic rejected the entry */
  failedLogic?: SelectiveLogic;
  /** the probability roll (0–100) when one was made; it hit when below the entry's probability */
  roll?: number;
  /** budget in use: what this entry's content costs */
  cost?: number;
  /** a running timed effect that decided this entry (sticky kept it, cooldown or delay held it back) */
  timed?: WorldInfoTimedStatus;
  /** effects this activation started for the entry, in messages */
  started?: { sticky?: number; cooldown?: number };
  /** its inclusion group contest */
  group?: WorldInfoGroupOutcome;
  /** `delayed_until_recursion`: its level */
  recursionLevel?: number;
}

export interface ActivatedWorldInfoEntry {
  entry: WorldInfoEntry;
  position: WorldInfoPosition;
  reason: WorldInfoActivationReason;
  book?: string;
  /** `depth` position: resolved depth and role */
  depth?: number;
  role?: WorldInfoRole;
}

export interface WorldInfoActivation {
  /** activated entries, sorted by order */
  activated: ActivatedWorldInfoEntry[];
  before: ActivatedWorldInfoEntry[];
  after: ActivatedWorldInfoEntry[];
  /** `depth` entries, sorted by order (the lorebook engine always fills this) */
  atDepth?: ActivatedWorldInfoEntry[];
  /** one item per input entry, in input order (books first, then `entries`) */
  trace: WorldInfoTraceItem[];
}

export interface WorldInfoBudgetReport {
  limit: number;
  unit: WorldInfoBudgetUnit;
  used: number;
  overflowed: boolean;
}

/** What the lorebook engine returns: the activation, always with `atDepth`, plus budget and recursion facts. */
export interface LorebookActivation extends WorldInfoActivation {
  atDepth: ActivatedWorldInfoEntry[];
  budget?: WorldInfoBudgetReport;
  /** the deepest recursion round that activated something (0 = none) */
  recursionDepth: number;
  /** with `timedEffects` in the input: the state to keep for the next generation */
  timedEffects?: WorldInfoTimedEffectsState;
}

/** The seam generateTask calls; `createWorldInfoActivator` builds the full one. */
export interface WorldInfoActivator {
  activate(input: WorldInfoScanInput): WorldInfoActivation | Promise<WorldInfoActivation>;
}
