import type { Connection } from '../providers/types.js';

/** How tool calls worked on a connection + model last time `auto` had to find out. */
export type RememberedToolMode = 'native' | 'text';

export interface ToolModeOutcome {
  mode: RememberedToolMode;
  /** text: the refusal that sent `auto` to the text protocol (the signal and the provider's message) */
  reason?: string;
  /** text: the HTTP status of that refusal */
  status?: number;
  /** ISO time */
  recordedAt: string;
}

/**
 * Where `auto` remembers, per connection and model, whether native tools worked or were refused — so the
 * next request goes straight to the mode that works. The server persists it; a runtime alone keeps it in
 * memory. Keyed by the connection's name and the model actually sent.
 */
export interface ToolModeMemory {
  get(connection: Connection): ToolModeOutcome | undefined | Promise<ToolModeOutcome | undefined>;
  set(connection: Connection, outcome: ToolModeOutcome): void | Promise<void>;
}

/** A ToolModeMemory in a Map (a runtime's default), with `clear` to forget everything. */
export function createToolModeMemory(): ToolModeMemory & { clear(): void } {
  const outcomes = new Map<string, ToolModeOutcome>();
  const key = (c: Connection) => `${c.name}\u0000${c.model}`;
  return {
    get: (connection) => outcomes.get(key(connection)),
    set: (connection, outcome) => void outcomes.set(key(connection), outcome),
    clear: () => outcomes.clear(),
  };
}
