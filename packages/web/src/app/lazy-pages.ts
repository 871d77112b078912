import { type ComponentType, lazy } from 'react';

/**
 * Each page as its own chunk, loaded when it is first shown: the entry chunk keeps the shell (top bar,
 * router, i18n) and what pages share, so the first page renders after less JavaScript, and a page nobody
 * opens (Studio, Simulation, the lorebook editor) costs nothing.
 */
function page<K extends string, P>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

export const AgentsPage = page(() => import('../pages/agents/AgentsPage'), 'AgentsPage');
export const CharactersPage = page(() => import('../pages/characters/CharactersPage'), 'CharactersPage');
export const ChatPage = page(() => import('../pages/chats/ChatPage'), 'ChatPage');
export const ChatsPage = page(() => import('../pages/chats/ChatsPage'), 'ChatsPage');
export const ConnectionsPage = page(() => import('../pages/connections/ConnectionsPage'), 'ConnectionsPage');
export const FunctionsPage = page(() => import('../pages/functions/FunctionsPage'), 'FunctionsPage');
export const ToolEditorPage = page(() => import('../pages/functions/ToolEditorPage'), 'ToolEditorPage');
export const LorebookEditorPage = page(
  () => import('../pages/lorebooks/LorebookEditorPage'),
  'LorebookEditorPage',
);
export const LorebooksPage = page(() => import('../pages/lorebooks/LorebooksPage'), 'LorebooksPage');
export const McpServersPage = page(() => import('../pages/mcp/McpServersPage'), 'McpServersPage');
export const PersonasPage = page(() => import('../pages/personas/PersonasPage'), 'PersonasPage');
export const PresetsPage = page(() => import('../pages/presets/PresetsPage'), 'PresetsPage');
export const SimulationPage = page(() => import('../pages/simulation/SimulationPage'), 'SimulationPage');
export const StudioPage = page(() => import('../pages/studio/StudioPage'), 'StudioPage');
