import type { Database } from 'better-sqlite3';
import type {
  MessageInput,
  MessageRepository,
  StoredMessage,
  StoredToolInvocation,
  ToolInvocationInput,
} from '../types.js';
import { newId, now } from './ids.js';

interface MessageRow {
  id: string;
  chat_id: string;
  seq: number;
  role: StoredMessage['role'];
  content: string;
  reasoning: string;
  created_at: string;
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

export function createSqliteMessageRepository(db: Database): MessageRepository {
  const selectByChat = db.prepare<[string], MessageRow>(
    'SELECT * FROM messages WHERE chat_id = ? ORDER BY seq',
  );
  const selectOne = db.prepare<[string], MessageRow>('SELECT * FROM messages WHERE id = ?');
  const selectInvocationsByChat = db.prepare<[string], InvocationRow>(
    `SELECT ti.* FROM tool_invocations ti JOIN messages m ON m.id = ti.message_id
     WHERE m.chat_id = ? ORDER BY ti.message_id, ti.seq`,
  );
  const selectInvocations = db.prepare<[string], InvocationRow>(
    'SELECT * FROM tool_invocations WHERE message_id = ? ORDER BY seq',
  );
  const nextMessageSeq = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM messages WHERE chat_id = ?',
  );
  const nextInvocationSeq = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM tool_invocations WHERE message_id = ?',
  );
  const chatExists = db.prepare<[string], { id: string }>('SELECT id FROM chats WHERE id = ?');
  const insertMessage = db.prepare(
    `INSERT INTO messages (id, chat_id, seq, role, content, reasoning, created_at)
     VALUES (@id, @chat_id, @seq, @role, @content, @reasoning, @created_at)`,
  );
  const insertInvocation = db.prepare(
    `INSERT INTO tool_invocations (id, message_id, seq, call_id, name, args, ok, result, error, duration_ms, simulated)
     VALUES (@id, @message_id, @seq, @call_id, @name, @args, @ok, @result, @error, @duration_ms, @simulated)`,
  );
  const touchChat = db.prepare<[string, string]>('UPDATE chats SET updated_at = ? WHERE id = ?');
  const deleteOne = db.prepare<[string]>('DELETE FROM messages WHERE id = ?');

  const load = (row: MessageRow): StoredMessage => ({
    id: row.id,
    chatId: row.chat_id,
    role: row.role,
    content: row.content,
    reasoning: row.reasoning,
    createdAt: row.created_at,
    toolInvocations: selectInvocations.all(row.id).map(invocationFromRow),
  });

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
    insertMessage.run({
      id,
      chat_id: chatId,
      seq: nextMessageSeq.get(chatId)!.next,
      role: input.role,
      content: input.content,
      reasoning: input.reasoning ?? '',
      created_at: at,
    });
    for (const invocation of input.toolInvocations ?? []) addInvocation(id, invocation);
    touchChat.run(at, chatId);
    return id;
  });

  return {
    async list(chatId) {
      const invocations = new Map<string, StoredToolInvocation[]>();
      for (const row of selectInvocationsByChat.all(chatId)) {
        const list = invocations.get(row.message_id) ?? [];
        list.push(invocationFromRow(row));
        invocations.set(row.message_id, list);
      }
      return selectByChat.all(chatId).map((row) => ({
        id: row.id,
        chatId: row.chat_id,
        role: row.role,
        content: row.content,
        reasoning: row.reasoning,
        createdAt: row.created_at,
        toolInvocations: invocations.get(row.id) ?? [],
      }));
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
      db.prepare('UPDATE messages SET content = @content, reasoning = @reasoning WHERE id = @id').run({
        id,
        content: changes.content ?? row.content,
        reasoning: changes.reasoning ?? row.reasoning,
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
    async delete(id) {
      return deleteOne.run(id).changes > 0;
    },
  };
}
