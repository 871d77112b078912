// Each page's title in the browser tab: "Functions — Toolsmith". The shell sets one per route (in a layout
// effect, so it runs first); a page that knows a better name (the chat's title) sets it afterwards.
import { useEffect } from 'react';
import type { Route } from './router';

const BRAND = 'Toolsmith';

export function pageTitle(name: string | null | undefined): string {
  return name ? `${name} — ${BRAND}` : BRAND;
}

const TITLES: Record<Route['page'], string> = {
  functions: 'Functions',
  'function-edit': 'Function',
  chats: 'Chats',
  chat: 'Chat',
  connections: 'Connections',
  presets: 'Presets',
  lorebooks: 'Lorebooks',
  'lorebook-edit': 'Lorebook',
  personas: 'Personas',
  characters: 'Characters',
  agents: 'Agents',
  simulation: 'Simulation',
  studio: 'Studio',
};

/** The route's own title (a new function is "New function"). */
export function routeTitle(route: Route): string {
  if (route.page === 'function-edit' && route.id === null) return 'New function';
  return TITLES[route.page];
}

/** A page's more precise title, while it is shown (e.g. the chat's name once loaded). */
export function usePageTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name]);
}
