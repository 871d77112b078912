import { useEffect, useState } from 'react';

// Hash routes keep the server's SPA fallback trivial and need no router library.
export type Route =
  | { page: 'functions' }
  | { page: 'function-edit'; id: string | null }
  | { page: 'chats' }
  | { page: 'chat'; id: string }
  | { page: 'connections' }
  | { page: 'presets' }
  | { page: 'lorebooks' }
  | { page: 'lorebook-edit'; id: string }
  | { page: 'personas' }
  | { page: 'characters' }
  | { page: 'agents' }
  | { page: 'mcp' }
  | { page: 'simulation'; chatId: string | null }
  | { page: 'studio'; sessionId: string | null };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  switch (parts[0]) {
    case 'functions':
      if (parts[1] === 'new') return { page: 'function-edit', id: null };
      if (parts[1]) return { page: 'function-edit', id: parts[1] };
      return { page: 'functions' };
    case 'chats':
      return parts[1] ? { page: 'chat', id: parts[1] } : { page: 'chats' };
    case 'connections':
      return { page: 'connections' };
    case 'presets':
      return { page: 'presets' };
    case 'lorebooks':
      return parts[1] ? { page: 'lorebook-edit', id: parts[1] } : { page: 'lorebooks' };
    case 'personas':
      return { page: 'personas' };
    case 'characters':
      return { page: 'characters' };
    case 'agents':
      return { page: 'agents' };
    case 'mcp':
      return { page: 'mcp' };
    case 'simulation':
      return { page: 'simulation', chatId: parts[1] ?? null };
    case 'studio':
      return { page: 'studio', sessionId: parts[1] ?? null };
    default:
      return { page: 'functions' };
  }
}

export function hrefFor(route: Route): string {
  switch (route.page) {
    case 'function-edit':
      return `#/functions/${route.id ? encodeURIComponent(route.id) : 'new'}`;
    case 'chat':
      return `#/chats/${encodeURIComponent(route.id)}`;
    case 'lorebook-edit':
      return `#/lorebooks/${encodeURIComponent(route.id)}`;
    case 'simulation':
      return route.chatId ? `#/simulation/${encodeURIComponent(route.chatId)}` : '#/simulation';
    case 'studio':
      return route.sessionId ? `#/studio/${encodeURIComponent(route.sessionId)}` : '#/studio';
    default:
      return `#/${route.page}`;
  }
}

export function navigate(route: Route): void {
  window.location.hash = hrefFor(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
