// "New custom function" in Chat Settings' picker: the tool editor opens for a new tool, and once it is saved
// the user is back in the chat with the tool switched on there and the settings drawer open. The chat waits
// in sessionStorage (one tab, survives the editor's own navigation), like the import review does.
import { api } from '../../api/client';
import type { Chat, Tool } from '../../api/types';
import { hrefFor, navigate } from '../../app/router';
import { setFlash } from '../../components/flash';
import { navigateUnguarded } from '../../components/leave-guard';
import { i18n } from '../../i18n/i18n';

const FOR_CHAT_KEY = 'toolsmith.newToolForChat';
const OPEN_SETTINGS_KEY = 'toolsmith.openChatSettings';

export interface NewToolForChat {
  chatId: string;
  chatTitle: string;
  /** when the picker's button was pressed: an errand older than half an hour is forgotten */
  at: number;
}

const ERRAND_MS = 30 * 60_000;

/** From the picker: remember the chat and open the editor for a new function. */
export function startNewToolForChat(chat: Pick<Chat, 'id' | 'title'>): void {
  sessionStorage.setItem(
    FOR_CHAT_KEY,
    JSON.stringify({ chatId: chat.id, chatTitle: chat.title, at: Date.now() }),
  );
  navigate({ page: 'function-edit', id: null });
}

/** The chat a new function is being made for, if the editor was opened from a chat's picker. */
export function pendingNewToolForChat(): NewToolForChat | null {
  try {
    const raw = sessionStorage.getItem(FOR_CHAT_KEY);
    const value = raw ? (JSON.parse(raw) as NewToolForChat) : null;
    return value && typeof value.chatId === 'string' && Date.now() - value.at < ERRAND_MS ? value : null;
  } catch {
    return null;
  }
}

export function forgetNewToolForChat(): void {
  sessionStorage.removeItem(FOR_CHAT_KEY);
}

/**
 * The chat's tool list with the new tool in it. An empty list means "every enabled function" (Chat Settings'
 * rule), so it stays empty: the new tool, once enabled, is already offered there.
 */
export function toolsWithNewTool(tools: string[], name: string): string[] | null {
  if (tools.length === 0 || tools.includes(name)) return null;
  return [...tools, name];
}

/**
 * After the first save of a function made from a chat's picker: switch it on in that chat and go back there
 * with Chat Settings open. False when there is no such chat (the editor carries on as usual).
 */
export async function returnToChatWithNewTool(tool: Tool): Promise<boolean> {
  const pending = pendingNewToolForChat();
  if (!pending) return false;
  forgetNewToolForChat();
  const path = `/api/chats/${encodeURIComponent(pending.chatId)}`;
  let chat: Chat;
  try {
    chat = await api.get<Chat>(path);
  } catch {
    return false; // the chat was deleted meanwhile: stay with the new function
  }
  const tools = toolsWithNewTool(chat.settings.tools, tool.name);
  if (tools) await api.patch<Chat>(path, { settings: { tools } });
  const key = !tool.enabled ? (tools ? 'savedAddedOff' : 'savedOff') : tools ? 'savedOn' : 'savedAll';
  setFlash(i18n.t(`chatTools.newFunction.${key}`, { name: tool.name, chat: chat.title }));
  sessionStorage.setItem(OPEN_SETTINGS_KEY, chat.id);
  navigateUnguarded(hrefFor({ page: 'chat', id: chat.id }));
  return true;
}

/**
 * The chat page opens its settings drawer once after returning from a new function: read in a state
 * initializer (StrictMode may run it twice), cleared with `clearOpenChatSettings` in an effect.
 */
export function wantsChatSettingsOpen(chatId: string): boolean {
  return sessionStorage.getItem(OPEN_SETTINGS_KEY) === chatId;
}

export function clearOpenChatSettings(): void {
  sessionStorage.removeItem(OPEN_SETTINGS_KEY);
}
