import type { InstructTemplate, InstructTurn } from './templates.js';

/**
 * Wrappers around each role's text, as SillyTavern's instruct sequences name them; also how a user-defined
 * template is written (a JSON object in `instructTemplate`, docs/providers.md).
 */
export interface InstructSequences {
  /** text before the whole prompt (GLM's `[gMASK]<sop>`) */
  prefix?: string;
  systemPrefix?: string;
  systemSuffix?: string;
  userPrefix: string;
  userSuffix?: string;
  assistantPrefix: string;
  assistantSuffix?: string;
  /**
   * the assistant's header for the reply being generated, in place of `assistantPrefix` (SillyTavern's "last
   * output sequence")
   */
  lastAssistantPrefix?: string;
  /** what a new reply starts with after its header (SillyTavern's "Start Reply With"), e.g. `<think>\n` */
  replyPrefix?: string;
  /** models without a system role: system text joins the next user turn */
  systemAsUser?: boolean;
  stop?: string[];
}

/** A template from role wrappers: each turn is prefix + text + suffix; the prompt ends with the assistant prefix. */
export function sequenceTemplate(name: string, seq: InstructSequences): InstructTemplate {
  const wrap = (turn: InstructTurn): string => {
    if (turn.role === 'system') return (seq.systemPrefix ?? '') + turn.content + (seq.systemSuffix ?? '');
    if (turn.role === 'user') return seq.userPrefix + turn.content + (seq.userSuffix ?? '');
    return seq.assistantPrefix + turn.content + (seq.assistantSuffix ?? '');
  };
  const replyStart = (seq.lastAssistantPrefix ?? seq.assistantPrefix) + (seq.replyPrefix ?? '');
  return {
    name,
    stop: seq.stop ?? [],
    replyStart,
    render(input) {
      let turns = input;
      if (seq.systemAsUser) {
        // system text goes into the next user turn (or stands as a user turn of its own)
        const merged: InstructTurn[] = [];
        let pending: string[] = [];
        for (const turn of input) {
          if (turn.role === 'system') pending.push(turn.content);
          else if (turn.role === 'user' && pending.length) {
            merged.push({ role: 'user', content: [...pending, turn.content].join('\n\n') });
            pending = [];
          } else {
            if (pending.length) merged.push({ role: 'user', content: pending.join('\n\n') });
            pending = [];
            merged.push(turn);
          }
        }
        if (pending.length) merged.push({ role: 'user', content: pending.join('\n\n') });
        turns = merged;
      }
      let out = seq.prefix ?? '';
      turns.forEach((turn, i) => {
        const continuing = i === turns.length - 1 && turn.role === 'assistant';
        out += continuing ? seq.assistantPrefix + turn.content : wrap(turn);
      });
      if (turns.at(-1)?.role !== 'assistant') out += replyStart;
      return out;
    },
  };
}
