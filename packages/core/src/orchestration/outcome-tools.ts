import type { ToolRegistry } from '../tools/registry.js';
import type { WorldInfoEntryRef } from '../worldinfo/types.js';
import type { OrchestrationOutcome, VariableWrite } from './types.js';

/**
 * Collects what an orchestration's tools ask for. Recording writes nothing anywhere: the caller applies
 * the outcome (or, in simulation, only shows it), so the simulate path records exactly like the real one.
 */
export class OutcomeRecorder {
  readonly notes: string[] = [];
  readonly forcedEntries: WorldInfoEntryRef[] = [];
  readonly variableWrites: VariableWrite[] = [];

  outcome(finalText: string): OrchestrationOutcome {
    const notes = [...this.notes, finalText].map((n) => n.trim()).filter((n) => n !== '');
    return {
      notes: notes.join('\n\n'),
      forcedEntries: this.forcedEntries.filter(
        (ref, i, all) => all.findIndex((r) => r.book === ref.book && String(r.uid) === String(ref.uid)) === i,
      ),
      variableWrites: [...this.variableWrites],
    };
  }
}

const DESCRIPTIONS = {
  orchestration_note:
    'Adds a note for the main reply. Notes are placed in the system prompt of the next answer.',
  orchestration_activate_entries:
    'Force-activates world-info entries for the main reply. Name each by its uid (and its book id or name).',
  orchestration_set_variable: 'Sets a chat (default) or global variable once the orchestration ends.',
} as const;

/** The outcome tools every orchestration agent may be offered (for tool pickers and catalogs). */
export const OUTCOME_TOOL_INFO: ReadonlyArray<{ name: string; description: string; mode: 'write' }> =
  Object.entries(DESCRIPTIONS).map(([name, description]) => ({ name, description, mode: 'write' }));

/** Registers the three outcome tools as custom tools owned by `scope` (skipped where a builtin has the name). */
export function registerOutcomeTools(registry: ToolRegistry, scope: string, recorder: OutcomeRecorder): void {
  const reserved = new Set(registry.builtinNames());
  const add = (
    name: string,
    description: string,
    parameters: Record<string, unknown>,
    record: (args: Record<string, unknown>) => unknown,
  ) => {
    if (reserved.has(name)) return;
    registry.register(
      { name, description, parameters, mode: 'write', kind: 'native', enabled: true },
      // the same recording runs in simulation: it is the "would have done" the review shows
      { layer: 'custom', scope, run: record, simulate: record },
    );
  };
  add(
    'orchestration_note',
    DESCRIPTIONS.orchestration_note,
    {
      type: 'object',
      properties: { text: { type: 'string', minLength: 1, maxLength: 20000, description: 'The note.' } },
      required: ['text'],
      additionalProperties: false,
    },
    (args) => {
      recorder.notes.push(String(args.text));
      return { recorded: true };
    },
  );
  add(
    'orchestration_activate_entries',
    DESCRIPTIONS.orchestration_activate_entries,
    {
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: {
            type: 'object',
            properties: {
              book: { type: 'string', maxLength: 200, description: 'The lorebook id or name.' },
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
    (args) => {
      const entries = args.entries as WorldInfoEntryRef[];
      recorder.forcedEntries.push(
        ...entries.map((e) => (e.book === undefined ? { uid: e.uid } : { book: e.book, uid: e.uid })),
      );
      return { recorded: entries.length };
    },
  );
  add(
    'orchestration_set_variable',
    DESCRIPTIONS.orchestration_set_variable,
    {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200, description: 'Variable name.' },
        value: { description: 'Any JSON value.' },
        scope: { type: 'string', enum: ['chat', 'global'], description: 'Default chat.' },
      },
      required: ['name', 'value'],
      additionalProperties: false,
    },
    (args) => {
      const write: VariableWrite = {
        scope: args.scope === 'global' ? 'global' : 'chat',
        name: String(args.name),
        value: args.value,
      };
      recorder.variableWrites.push(write);
      return { recorded: true };
    },
  );
}
