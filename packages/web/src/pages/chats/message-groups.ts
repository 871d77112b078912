// How the chat log is laid out: user messages, and replies (every round of one answer, shown as one message).
import type { Message } from '../../api/types';
import type { LiveTurn } from './chat-stream';

export type ChatEntry =
  | { kind: 'user'; message: Message }
  | { kind: 'reply'; replyId: string; rounds: Message[] };

/** Groups stored messages: the rounds of one reply (same replyId, one after another) become one entry. */
export function chatEntries(messages: Message[]): ChatEntry[] {
  const entries: ChatEntry[] = [];
  for (const message of messages) {
    const last = entries[entries.length - 1];
    if (message.role === 'user') entries.push({ kind: 'user', message });
    else if (last?.kind === 'reply' && message.replyId && last.replyId === message.replyId)
      last.rounds.push(message);
    else entries.push({ kind: 'reply', replyId: message.replyId ?? message.id, rounds: [message] });
  }
  return entries;
}

/**
 * The stored messages shown beside a live turn: the ones the turn is redoing or extending are left out (the
 * live view shows them): the old swipe of a regenerated reply, the message a continuation extends and what
 * follows it, and — after a reload, when stored history already holds part of the running turn — its user
 * message and stored rounds.
 */
export function storedBesideLive(messages: Message[], live: LiveTurn | null): Message[] {
  if (!live) return messages;
  if (live.mode === 'continue' && live.continues) {
    const index = messages.findIndex((m) => m.id === live.continues);
    if (index >= 0) {
      const prefilled = live.rounds[0] !== undefined && messages[index].toolInvocations.length === 0;
      return messages.slice(0, prefilled ? index : index + 1);
    }
  }
  return messages.filter(
    (m) =>
      m.id !== live.user?.id && !(live.replyId && m.replyId === live.replyId && live.mode !== 'continue'),
  );
}

/** The last round of a reply that has text (what Edit changes), else its last round. */
export function editableRound<M extends Pick<Message, 'content'>>(rounds: M[]): M {
  return [...rounds].reverse().find((r) => r.content.trim() !== '') ?? rounds[rounds.length - 1];
}
