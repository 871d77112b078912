/**
 * The world-info (lorebook) shapes the minimal activation reads. The lorebook issue extends these with
 * secondary keys, logic, recursion, budgets and more positions; fields it adds are optional here.
 */
export type WorldInfoPosition = 'before' | 'after';

export interface WorldInfoEntry {
  uid?: string | number;
  /** primary keys: plain text (case-insensitive substring) or `/pattern/flags` */
  keys: string[];
  content: string;
  /** a note for people; never sent */
  comment?: string;
  /** always active */
  constant?: boolean;
  disabled?: boolean;
  /** where the content goes relative to the character card (default `before`) */
  position?: WorldInfoPosition;
  /** lower orders are inserted first (default 100) */
  order?: number;
  /** how many of the latest messages this entry scans (default: the activation's scan depth) */
  scanDepth?: number;
  /** match plain keys case-sensitively (default false) */
  caseSensitive?: boolean;
}

/** A text to scan, newest last. */
export interface WorldInfoScanMessage {
  role?: string;
  content: string;
}

export interface WorldInfoScanInput {
  entries: WorldInfoEntry[];
  messages: WorldInfoScanMessage[];
  /** how many of the latest messages to scan (default 2; 0 = constants only) */
  scanDepth?: number;
}

export type WorldInfoActivationReason =
  | { kind: 'constant' }
  | { kind: 'key'; key: string; match: string; messageIndex: number };

export interface WorldInfoTraceItem {
  entry: WorldInfoEntry;
  activated: boolean;
  /** why it activated */
  reason?: WorldInfoActivationReason;
  /** why it did not: disabled, no_match, invalid_key (with the bad keys) */
  skipped?: 'disabled' | 'no_match' | 'no_keys';
  invalidKeys?: string[];
}

export interface ActivatedWorldInfoEntry {
  entry: WorldInfoEntry;
  position: WorldInfoPosition;
  reason: WorldInfoActivationReason;
}

export interface WorldInfoActivation {
  /** activated entries, sorted by order */
  activated: ActivatedWorldInfoEntry[];
  before: ActivatedWorldInfoEntry[];
  after: ActivatedWorldInfoEntry[];
  /** one item per input entry, in input order */
  trace: WorldInfoTraceItem[];
}

/** The seam the lorebook issue replaces with the full engine. */
export interface WorldInfoActivator {
  activate(input: WorldInfoScanInput): WorldInfoActivation | Promise<WorldInfoActivation>;
}
