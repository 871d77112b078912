import type { Database } from 'better-sqlite3';
import type {
  ImageInput,
  MessageInput,
  MessageRepository,
  StoredImageInfo,
  StoredMessage,
  StoredToolInvocation,
  ToolInvocationInput,
} from '../types.js';
import { newId, now } from './ids.js';
import { deleteOneBy } from './row-reads.js';

interface MessageRow {
  id: string;
  chat_id: string;
  seq: number;
  role: StoredMessage['role'];
  content: string;
  reasoning: string;
  created_at: string;
  edited_at: string | null;
  reply_id: string | null;
  swipe: number;
  active: number;
  character_id: string | null;
  persona_id: string | null;
  name: string;
  interrupted: string | null;
}

interface InvocationRow {
  id: string;
  message_id: string;
  seq: number;
  call_id: string;
  name: string;
  args: string;
  ok: number;
  result: string | null;
  error: string | null;
  duration_ms: number;
  simulated: number;
}

function invocationFromRow(row: InvocationRow): StoredToolInvocation {
  return {
    id: row.id,
    callId: row.call_id,
    name: row.name,
    args: JSON.parse(row.args),
    ok: row.ok === 1,
    result: row.result === null ? null : JSON.parse(row.result),
    error: row.error === null ? null : JSON.parse(row.error),
    durationMs: row.duration_ms,
    simulated: row.simulated === 1,
  };
}

/** JSON for a column; undefined is stored as null so a round trip never fails to parse. */
function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

interface ImageInfoRow {
  id: string;
  message_id: string;
  media_type: string;
  bytes: number;
}

const imageInfo = (row: ImageInfoRow): StoredImageInfo => ({
  id: row.id,
  mediaType: row.media_type,
  bytes: row.bytes,
});

/** A reply's swipe numbers in order: the chosen one's position and the count. */
type SwipeNumbers = Map<string, number[]>;

function swipeOf(row: MessageRow, swipes: SwipeNumbers): StoredMessage['swipe'] {
  if (!row.reply_id) return null;
  const numbers = swipes.get(row.reply_id) ?? [row.swipe];
  return { index: Math.max(0, numbers.indexOf(row.swipe)), count: numbers.length };
}

export function createSqliteMessageRepository(db: Database): MessageRepository {
  const selectByChat = db.prepare<[string], MessageRow>(
    'SELECT * FROM messages WHERE chat_id = ? AND active = 1 ORDER BY seq',
  );
  const selectOne = db.prepare<[string], MessageRow>('SELECT * FROM messages WHERE id = ?');
  const selectInvocationsByChat = db.prepare<[string], InvocationRow>(
    `SELECT ti.* FROM tool_invocations ti JOIN messages m ON m.id = ti.message_id
     WHERE m.chat_id = ? AND m.active = 1 ORDER BY ti.message_id, ti.seq`,
  );
  const selectInvocations = db.prepare<[string], InvocationRow>(
    'SELECT * FROM tool_invocations WHERE message_id = ? ORDER BY seq',
  );
  const selectSwipesByChat = db.prepare<[string], { reply_id: string; swipe: number }>(
    `SELECT DISTINCT reply_id, swipe FROM messages WHERE chat_id = ? AND reply_id IS NOT NULL
     ORDER BY reply_id, swipe`,
  );
  const selectSwipes = db.prepare<[string], { swipe: number }>(
    'SELECT DISTINCT swipe FROM messages WHERE reply_id = ? ORDER BY swipe',
  );
  const nextMessageSeq = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM messages WHERE chat_id = ?',
  );
  const nextInvocationSeq = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM tool_invocations WHERE message_id = ?',
  );
  const selectImageInfoByChat = db.prepare<[string], ImageInfoRow>(
    `SELECT mi.id, mi.message_id, mi.media_type, length(mi.data) AS bytes FROM message_images mi
     JOIN messages m ON m.id = mi.message_id WHERE m.chat_id = ? AND m.active = 1 ORDER BY mi.message_id, mi.seq`,
  );
  const selectImageInfo = db.prepare<[string], ImageInfoRow>(
    'SELECT id, message_id, media_type, length(data) AS bytes FROM message_images WHERE message_id = ? ORDER BY seq',
  );
  const selectImageData = db.prepare<[string, string], { media_type: string; data: Buffer }>(
    'SELECT media_type, data FROM message_images WHERE message_id = ? AND id = ?',
  );
  const selectImagesData = db.prepare<[string], { media_type: string; data: Buffer }>(
    'SELECT media_type, data FROM message_images WHERE message_id = ? ORDER BY seq',
  );
  const insertImage = db.prepare(
    `INSERT INTO message_images (id, message_id, seq, media_type, data)
     VALUES (@id, @message_id, @seq, @media_type, @data)`,
  );
  const chatExists = db.prepare<[string], { id: string }>('SELECT id FROM chats WHERE id = ?');
  const insertMessage = db.prepare(
    `INSERT INTO messages (id, chat_id, seq, role, content, reasoning, created_at, reply_id, swipe, active,
       character_id, persona_id, name, interrupted)
     VALUES (@id, @chat_id, @seq, @role, @content, @reasoning, @created_at, @reply_id, @swipe, 1,
       @character_id, @persona_id, @name, @interrupted)`,
  );
  const insertInvocation = db.prepare(
    `INSERT INTO tool_invocations (id, message_id, seq, call_id, name, args, ok, result, error, duration_ms, simulated)
     VALUES (@id, @message_id, @seq, @call_id, @name, @args, @ok, @result, @error, @duration_ms, @simulated)`,
  );
  const activateSwipe = db.prepare<[number, string]>(
    'UPDATE messages SET active = (swipe = ?) WHERE reply_id = ?',
  );
  const touchChat = db.prepare<[string, string]>('UPDATE chats SET updated_at = ? WHERE id = ?');
  const deleteOne = db.prepare<[string]>('DELETE FROM messages WHERE id = ?');
  const deleteReplyRows = db.prepare<[string]>('DELETE FROM messages WHERE reply_id = ?');

  const replySwipes = (replyId: string): number[] => selectSwipes.all(replyId).map((r) => r.swipe);

  const load = (row: MessageRow): StoredMessage =>
    fromRow(
      row,
      selectInvocations.all(row.id).map(invocationFromRow),
      row.reply_id ? new Map([[row.reply_id, replySwipes(row.reply_id)]]) : new Map(),
      selectImageInfo.all(row.id).map(imageInfo),
    );

  const addInvocation = (messageId: string, input: ToolInvocationInput): string => {
    const id = newId('ti');
    insertInvocation.run({
      id,
      message_id: messageId,
      seq: nextInvocationSeq.get(messageId)!.next,
      call_id: input.callId,
      name: input.name,
      args: JSON.stringify(input.args ?? {}),
      ok: input.ok ? 1 : 0,
      result: json(input.result),
      error: json(input.error),
      duration_ms: input.durationMs,
      simulated: input.simulated ? 1 : 0,
    });
    return id;
  };

  const append = db.transaction((chatId: string, input: MessageInput): string => {
    if (!chatExists.get(chatId)) throw new Error(`No chat with id ${chatId}.`);
    const id = newId('m');
    const at = now();
    const replyId = input.role === 'assistant' ? (input.replyId ?? newId('r')) : null;
    const swipe = input.swipe ?? 0;
    // the swipe being written becomes the reply's chosen one (a regenerated answer replaces the shown one)
    if (replyId) activateSwipe.run(swipe, replyId);
    insertMessage.run({
      id,
      chat_id: chatId,
      seq: nextMessageSeq.get(chatId)!.next,
      role: input.role,
      content: input.content,
      reasoning: input.reasoning ?? '',
      created_at: at,
      reply_id: replyId,
      swipe,
      character_id: input.characterId ?? null,
      persona_id: input.personaId ?? null,
      name: input.name ?? '',
      interrupted: input.interrupted ? JSON.stringify(input.interrupted) : null,
    });
    for (const invocation of input.toolInvocations ?? []) addInvocation(id, invocation);
    (input.images ?? []).forEach((image, seq) => {
      insertImage.run({
        id: newId('img'),
        message_id: id,
        seq,
        media_type: image.mediaType,
        data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      });
    });
    touchChat.run(at, chatId);
    return id;
  });

  const chooseSwipe = db.transaction((replyId: string, index: number): boolean => {
    const swipe = replySwipes(replyId)[index];
    if (swipe === undefined) return false;
    activateSwipe.run(swipe, replyId);
    return true;
  });

  return {
    async list(chatId) {
      const invocations = new Map<string, StoredToolInvocation[]>();
      for (const row of selectInvocationsByChat.all(chatId)) {
        const list = invocations.get(row.message_id) ?? [];
        list.push(invocationFromRow(row));
        invocations.set(row.message_id, list);
      }
      const swipes: SwipeNumbers = new Map();
      for (const { reply_id, swipe } of selectSwipesByChat.all(chatId)) {
        const list = swipes.get(reply_id) ?? [];
        list.push(swipe);
        swipes.set(reply_id, list);
      }
      const images = new Map<string, StoredImageInfo[]>();
      for (const row of selectImageInfoByChat.all(chatId)) {
        const list = images.get(row.message_id) ?? [];
        list.push(imageInfo(row));
        images.set(row.message_id, list);
      }
      return selectByChat
        .all(chatId)
        .map((row) => fromRow(row, invocations.get(row.id) ?? [], swipes, images.get(row.id) ?? []));
    },
    async imageData(messageId, imageId) {
      const row = selectImageData.get(messageId, imageId);
      return row ? { mediaType: row.media_type, data: new Uint8Array(row.data) } : undefined;
    },
    async imagesOf(messageIds) {
      const out = new Map<string, ImageInput[]>();
      for (const id of messageIds) {
        const rows = selectImagesData.all(id);
        if (rows.length > 0)
          out.set(
            id,
            rows.map((row) => ({ mediaType: row.media_type, data: new Uint8Array(row.data) })),
          );
      }
      return out;
    },
    async get(id) {
      const row = selectOne.get(id);
      return row ? load(row) : undefined;
    },
    async append(chatId, input) {
      return load(selectOne.get(append(chatId, input))!);
    },
    async update(id, changes) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      db.prepare(
        'UPDATE messages SET content = @content, reasoning = @reasoning, edited_at = @edited_at, interrupted = @interrupted WHERE id = @id',
      ).run({
        id,
        content: changes.content ?? row.content,
        reasoning: changes.reasoning ?? row.reasoning,
        edited_at: changes.edited ? now() : row.edited_at,
        interrupted:
          changes.interrupted === undefined
            ? row.interrupted
            : changes.interrupted
              ? JSON.stringify(changes.interrupted)
              : null,
      });
      return load(selectOne.get(id)!);
    },
    async addToolInvocation(messageId, input) {
      if (!selectOne.get(messageId)) throw new Error(`No message with id ${messageId}.`);
      const id = addInvocation(messageId, input);
      return invocationFromRow(
        db.prepare<[string], InvocationRow>('SELECT * FROM tool_invocations WHERE id = ?').get(id)!,
      );
    },
    delete: deleteOneBy(deleteOne),
    async nextSwipe(replyId) {
      const numbers = replySwipes(replyId);
      return numbers.length === 0 ? 0 : numbers[numbers.length - 1] + 1;
    },
    async chooseSwipe(replyId, index) {
      return chooseSwipe(replyId, index);
    },
    async deleteReply(replyId) {
      return deleteReplyRows.run(replyId).changes;
    },
  };
}

function fromRow(
  row: MessageRow,
  toolInvocations: StoredToolInvocation[],
  swipes: SwipeNumbers,
  images: StoredImageInfo[],
): StoredMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    role: row.role,
    content: row.content,
    reasoning: row.reasoning,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    toolInvocations,
    replyId: row.reply_id,
    swipe: swipeOf(row, swipes),
    characterId: row.character_id,
    personaId: row.persona_id,
    name: row.name,
    interrupted: row.interrupted === null ? null : JSON.parse(row.interrupted),
    images,
  };
}
