// Each page's title in the browser tab: "Functions — Toolsmith". The shell sets one per route (in a layout
// effect, so it runs first); a page that knows a better name (the chat's title) sets it afterwards.
import { useEffect } from 'react';
import type { Route } from './router';

const BRAND = 'Toolsmith';

export function pageTitle(name: string | null | undefined): string {
  return name ? `${name} — ${BRAND}` : BRAND;
}

const TITLES: Record<Route['page'], string> = {
  functions: 'nav.functions',
  'function-edit': 'title.function',
  chats: 'nav.chats',
  chat: 'title.chat',
  connections: 'nav.connections',
  presets: 'nav.presets',
  lorebooks: 'nav.lorebooks',
  'lorebook-edit': 'title.lorebook',
  personas: 'nav.personas',
  characters: 'nav.characters',
  agents: 'nav.agents',
  mcp: 'title.mcp',
  simulation: 'nav.simulation',
  studio: 'nav.studio',
};

/** The route's own title in the UI's language (a new function is "New function"). */
export function routeTitle(route: Route, t: (key: string) => string): string {
  if (route.page === 'function-edit' && route.id === null) return t('title.newFunction');
  return t(TITLES[route.page]);
}

/** A page's more precise title, while it is shown (e.g. the chat's name once loaded). */
export function usePageTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name]);
}
