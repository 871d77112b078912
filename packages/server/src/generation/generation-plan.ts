import type { GenerateBody, GenerationMode } from '@toolsmith/core/api-schema';
import { HttpError, validationError } from '../app/http-error.js';
import { parseChatImages } from '../chat-images/chat-images.js';
import { newId } from '../storage/sqlite/ids.js';
import type { ImageInput, StoredMessage } from '../storage/types.js';

/** What one generate call does, worked out from the stored chat before the stream starts. */
export interface GenerationPlan {
  mode: GenerationMode;
  /** the stored messages the model reads as the chat so far (the chosen swipe of each reply) */
  history: StoredMessage[];
  /** send: the new user message, stored before the provider is called */
  userContent?: string;
  /** send: the images attached to the new user message (checked) */
  userImages?: ImageInput[];
  /** the reply the answer's rounds belong to, and their swipe number */
  replyId: string;
  swipe: number;
  /** continue: the round whose text the answer extends (a round with tool calls is followed by a new one) */
  continues?: StoredMessage;
  /** the text of the user message being answered (hidden context, macros) */
  lastUserMessage: string;
}

/** The same reply's rounds at the end of the history (an answer may take several rounds). */
function lastReply(messages: StoredMessage[]): { replyId: string; start: number } | undefined {
  const last = messages[messages.length - 1];
  if (last?.role !== 'assistant' || !last.replyId) return undefined;
  let start = messages.length - 1;
  while (start > 0 && messages[start - 1].replyId === last.replyId) start--;
  return { replyId: last.replyId, start };
}

function lastUserText(messages: StoredMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].content;
  return '';
}

const conflict = (code: string, message: string) => new HttpError(409, message, { code });

/**
 * Reads the generate body (`{ content }` or `{ mode }`) against the stored history. Impossible requests are
 * refused before anything is stored: 400 for a bad body, 409 when the chat is not in a state the mode needs.
 */
export async function planGeneration(
  body: GenerateBody,
  stored: StoredMessage[],
  nextSwipe: (replyId: string) => Promise<number>,
): Promise<GenerationPlan> {
  const mode = body.mode ?? 'send';
  if (mode === 'send') {
    const problems: { field: string; message: string }[] = [];
    const images = parseChatImages(body.images, (field, message) => problems.push({ field, message }));
    if (problems.length > 0) throw validationError(problems);
    const content = body.content ?? (images.length > 0 ? '' : undefined);
    if (content === undefined || (content.trim() === '' && images.length === 0)) {
      throw validationError([
        {
          field: 'content',
          message: 'content must be the message text (not empty unless images are attached).',
        },
      ]);
    }
    return {
      mode,
      history: stored,
      userContent: content,
      ...(images.length > 0 ? { userImages: images } : {}),
      replyId: newId('r'),
      swipe: 0,
      lastUserMessage: content,
    };
  }
  if (body.images !== undefined) {
    throw validationError([
      {
        field: 'images',
        message: `images go with a new message; leave them out with mode "${mode}" (the history keeps its images).`,
      },
    ]);
  }
  if (body.content !== undefined) {
    throw validationError([
      {
        field: 'content',
        message: `content is only for sending a new message; leave it out with mode "${mode}".`,
      },
    ]);
  }
  if (stored.length === 0) {
    throw conflict('nothing_to_answer', 'This chat has no messages yet. Send a message first.');
  }
  const reply = lastReply(stored);
  if (mode === 'retry' && !reply) {
    // the last message is the user's (its answer failed): answer it again, without a second copy
    return {
      mode,
      history: stored,
      replyId: newId('r'),
      swipe: 0,
      lastUserMessage: lastUserText(stored),
    };
  }
  if (!reply) {
    throw conflict(
      'no_answer',
      `There is no answer to ${mode === 'continue' ? 'continue' : 'regenerate'}: the chat's last message is the user's. Use mode "retry" to answer it.`,
    );
  }
  if (mode === 'continue') {
    return {
      mode,
      history: stored,
      replyId: reply.replyId,
      swipe: stored[stored.length - 1].swipe?.index ?? 0,
      continues: stored[stored.length - 1],
      lastUserMessage: lastUserText(stored),
    };
  }
  // regenerate (or retry after an answer): a new swipe of the last reply, from the history before it
  const before = stored.slice(0, reply.start);
  if (!before.some((m) => m.role === 'user')) {
    throw conflict(
      'greeting',
      "The character's greeting is not generated: swipe to choose one of its alternate greetings instead.",
    );
  }
  return {
    mode,
    history: before,
    replyId: reply.replyId,
    swipe: await nextSwipe(reply.replyId),
    lastUserMessage: lastUserText(before),
  };
}
