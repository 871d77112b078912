import type { ChatResource, ChatSettingsResource } from '@toolsmith/core/api-schema';

// Chats, their messages (with tool invocations and swipes) and the settings store.
// Part of the repository interfaces; storage/types.ts names them all.

/** A chat's settings: tools, lorebooks, orchestration, world-info activation, write-tool approval. */
export type ChatSettings = ChatSettingsResource;

/** A chat as stored and answered (the route schema's ChatResource). */
export type StoredChat = ChatResource;

export type ChatInput = Omit<
  StoredChat,
  'id' | 'createdAt' | 'updatedAt' | 'personaId' | 'characterIds' | 'settings'
> & {
  /** default null */
  personaId?: string | null;
  /** default [] */
  characterIds?: string[];
  /** `lorebookIds` defaults to [] */
  settings: Omit<ChatSettings, 'lorebookIds'> & { lorebookIds?: string[] };
};

export interface ChatRepository {
  list(): Promise<StoredChat[]>;
  get(id: string): Promise<StoredChat | undefined>;
  create(input: ChatInput): Promise<StoredChat>;
  update(id: string, changes: Partial<ChatInput>): Promise<StoredChat | undefined>;
  /** deletes the chat's messages and tool invocations with it */
  delete(id: string): Promise<boolean>;
}

export interface StoredToolInvocation {
  id: string;
  callId: string;
  name: string;
  args: unknown;
  ok: boolean;
  result: unknown;
  error: unknown;
  durationMs: number;
  simulated: boolean;
}

export type ToolInvocationInput = Omit<StoredToolInvocation, 'id'>;

export interface StoredMessage {
  id: string;
  chatId: string;
  role: 'user' | 'assistant';
  content: string;
  reasoning: string;
  createdAt: string;
  /** when the user last edited it; null: as generated or sent */
  editedAt: string | null;
  toolInvocations: StoredToolInvocation[];
  /** assistant rounds: the reply they belong to (one reply = the rounds of one answer, in several swipes) */
  replyId: string | null;
  /**
   * assistant rounds: which of the reply's swipes this is (0-based) and how many there are. Swipes are numbered
   * 0..count-1 as they are made and never deleted one by one, so the index is also the stored number.
   */
  swipe: { index: number; count: number } | null;
  /** the character that answered (assistant) */
  characterId: string | null;
  /** the persona the user wrote as (user) */
  personaId: string | null;
  /** the author's name when it was written ('' = none: "You" / "Assistant") */
  name: string;
  /** an assistant round cut short (its text so far is kept): stopped by the user, or ended by an error */
  interrupted: MessageInterruption | null;
  /** the images the user attached (user messages), in order; the bytes are read separately */
  images: StoredImageInfo[];
}

/** An image on a message, as listed: its id, type and size (the bytes come from `imageData`). */
export interface StoredImageInfo {
  id: string;
  mediaType: string;
  bytes: number;
}

/** An image to store with a message: bytes already checked, and the type read from them. */
export interface ImageInput {
  mediaType: string;
  data: Uint8Array;
}

/** Why an answer ended before it was complete. */
export interface MessageInterruption {
  reason: 'stopped' | 'error';
  /** the GenerateTaskError code, for errors */
  code?: string;
  message?: string;
}

export interface MessageInput {
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string;
  toolInvocations?: ToolInvocationInput[];
  /** assistant rounds: the reply and swipe number; storing it makes that swipe the reply's chosen one */
  replyId?: string;
  swipe?: number;
  characterId?: string | null;
  personaId?: string | null;
  name?: string;
  interrupted?: MessageInterruption | null;
  /** user messages: attached images (stored in the same transaction) */
  images?: ImageInput[];
}

export interface MessageRepository {
  /** the chat's history: oldest first, only the chosen swipe of each reply, each with its tool invocations */
  list(chatId: string): Promise<StoredMessage[]>;
  get(id: string): Promise<StoredMessage | undefined>;
  /** one image's bytes, only when it belongs to that message */
  imageData(messageId: string, imageId: string): Promise<ImageInput | undefined>;
  /** the bytes of every image on those messages, by message id (for the model) */
  imagesOf(messageIds: readonly string[]): Promise<Map<string, ImageInput[]>>;
  /** the message and its invocations in one transaction */
  append(chatId: string, input: MessageInput): Promise<StoredMessage>;
  /** `edited` marks a user's edit (editedAt) */
  update(
    id: string,
    changes: {
      content?: string;
      reasoning?: string;
      edited?: boolean;
      interrupted?: MessageInterruption | null;
    },
  ): Promise<StoredMessage | undefined>;
  addToolInvocation(messageId: string, input: ToolInvocationInput): Promise<StoredToolInvocation>;
  delete(id: string): Promise<boolean>;
  /** the swipe number a new swipe of the reply gets */
  nextSwipe(replyId: string): Promise<number>;
  /** chooses the reply's swipe at `index` (0-based, in swipe order); false if there is none */
  chooseSwipe(replyId: string, index: number): Promise<boolean>;
  /** deletes every round of every swipe of the reply; how many rows went */
  deleteReply(replyId: string): Promise<number>;
}

export interface SettingsRepository {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  all(): Promise<Record<string, unknown>>;
}
