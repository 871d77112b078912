// Names a custom tool may not take besides the runtime's own builtins: Marinara Engine's builtin function
// names, so a tool written here (or imported from elsewhere) never shadows one of them when the tools travel
// to Marinara, and a Marinara user never meets a custom "web_search" that is not the search they know.
import { msgReservedName, TOOL_NAME_MAX_LENGTH } from './messages.js';

/** Marinara Engine's builtin function names (its docs' list of built-in tools, December 2026). */
export const MARINARA_BUILTIN_TOOL_NAMES = [
  'roll_dice',
  'update_game_state',
  'set_expression',
  'trigger_event',
  'search_lorebook',
  'web_search',
  'save_lorebook_entry',
  'edit_chat_message',
  'read_chat_summary',
  'append_chat_summary',
  'read_chat_variable',
  'write_chat_variable',
  'spotify_get_current_playback',
  'spotify_get_playlists',
  'spotify_get_playlist_tracks',
  'spotify_search',
  'spotify_play',
  'spotify_set_volume',
  'update_about_me',
] as const;

/** The runtime's builtin names plus Marinara's, once each: what a custom tool's name is checked against. */
export function reservedToolNames(builtinNames: Iterable<string>): string[] {
  return [...new Set([...builtinNames, ...MARINARA_BUILTIN_TOOL_NAMES])];
}

/**
 * A free name for a tool whose name is reserved or taken: `<name>_custom`, then `<name>_custom_2`, ... cut so
 * the result stays within the 64-character limit.
 */
export function suggestToolRename(name: string, isTaken: (candidate: string) => boolean): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_custom' : `_custom_${n}`;
    const candidate = name.slice(0, TOOL_NAME_MAX_LENGTH - suffix.length) + suffix;
    if (!isTaken(candidate)) return candidate;
  }
}

/** The rename hint that follows a reserved- or duplicate-name message. */
export const msgRenameHint = (suggestion: string): string =>
  `Rename it (the name field), e.g. to "${suggestion}".`;

/** An import's note for a tool stored under a new name because its own is reserved. */
export const msgImportedRenamed = (from: string, to: string): string =>
  `${msgReservedName(from)} Imported as "${to}"; rename it in the editor if you prefer another name.`;
