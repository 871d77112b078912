// What every part of the profile editor reads besides the profile: the tools it can name, stored agents,
// connections and presets, and the chats that run orchestration with tool use off (for the pinned-tools reminder).
import { createContext, useContext } from 'react';
import type { Agent, Chat, Connection, Preset } from '../../../api/types';
import type { PanelTool } from './profile-model';

export interface EditorData {
  /** the catalog plus the profile's own tools */
  tools: PanelTool[];
  agents: Agent[];
  connections: Connection[];
  presets: Preset[];
  /** chats that run the orchestration before each reply while their own tool use is off */
  toolUseOffChats: Array<Pick<Chat, 'id' | 'title'>>;
}

export const EditorDataContext = createContext<EditorData>({
  tools: [],
  agents: [],
  connections: [],
  presets: [],
  toolUseOffChats: [],
});

export const useEditorData = () => useContext(EditorDataContext);

/** Chats with orchestration on and tool use off. */
export function toolUseOffChats(chats: readonly Chat[]): Array<Pick<Chat, 'id' | 'title'>> {
  return chats
    .filter((c) => c.settings.orchestration?.enabled === true && c.settings.toolUse === false)
    .map((c) => ({ id: c.id, title: c.title }));
}
