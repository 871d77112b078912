import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSecretDialog } from '../components/AdminSecretDialog';
import { AgentsPage } from '../pages/agents/AgentsPage';
import { CharactersPage } from '../pages/characters/CharactersPage';
import { ChatPage } from '../pages/chats/ChatPage';
import { ChatsPage } from '../pages/chats/ChatsPage';
import { ConnectionsPage } from '../pages/connections/ConnectionsPage';
import { FunctionsPage } from '../pages/functions/FunctionsPage';
import { ToolEditorPage } from '../pages/functions/ToolEditorPage';
import { LorebookEditorPage } from '../pages/lorebooks/LorebookEditorPage';
import { LorebooksPage } from '../pages/lorebooks/LorebooksPage';
import { McpServersPage } from '../pages/mcp/McpServersPage';
import { PersonasPage } from '../pages/personas/PersonasPage';
import { PresetsPage } from '../pages/presets/PresetsPage';
import { SimulationPage } from '../pages/simulation/SimulationPage';
import { StudioPage } from '../pages/studio/StudioPage';
import { LanguageSwitch } from './LanguageSwitch';
import { pageTitle, routeTitle } from './page-title';
import { hrefFor, type Route, useRoute } from './router';

const NAV: Array<{ label: string; route: Route; section: Route['page'][] }> = [
  { label: 'nav.functions', route: { page: 'functions' }, section: ['functions', 'function-edit'] },
  { label: 'nav.chats', route: { page: 'chats' }, section: ['chats', 'chat'] },
  { label: 'nav.connections', route: { page: 'connections' }, section: ['connections'] },
  { label: 'nav.presets', route: { page: 'presets' }, section: ['presets'] },
  { label: 'nav.characters', route: { page: 'characters' }, section: ['characters'] },
  { label: 'nav.lorebooks', route: { page: 'lorebooks' }, section: ['lorebooks', 'lorebook-edit'] },
  { label: 'nav.personas', route: { page: 'personas' }, section: ['personas'] },
  { label: 'nav.agents', route: { page: 'agents' }, section: ['agents'] },
  { label: 'nav.mcp', route: { page: 'mcp' }, section: ['mcp'] },
  { label: 'nav.simulation', route: { page: 'simulation', chatId: null }, section: ['simulation'] },
  { label: 'nav.studio', route: { page: 'studio', sessionId: null }, section: ['studio'] },
];

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'functions':
      return <FunctionsPage />;
    case 'function-edit':
      return <ToolEditorPage key={route.id ?? 'new'} id={route.id} />;
    case 'chats':
      return <ChatsPage />;
    case 'chat':
      return <ChatPage key={route.id} id={route.id} />;
    case 'connections':
      return <ConnectionsPage />;
    case 'presets':
      return <PresetsPage />;
    case 'lorebooks':
      return <LorebooksPage />;
    case 'lorebook-edit':
      return <LorebookEditorPage key={route.id} id={route.id} />;
    case 'personas':
      return <PersonasPage />;
    case 'characters':
      return <CharactersPage />;
    case 'agents':
      return <AgentsPage />;
    case 'mcp':
      return <McpServersPage />;
    case 'simulation':
      return <SimulationPage key={route.chatId ?? ''} chatId={route.chatId} />;
    case 'studio':
      return <StudioPage key={route.sessionId ?? ''} sessionId={route.sessionId} />;
  }
}

export function App() {
  const route = useRoute();
  const { t } = useTranslation();
  // bumped when the admin secret arrives after a refused read: the page mounts again and loads its data
  const [loadRound, setLoadRound] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  // a section chosen (or any other navigation) closes the phone menu
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is the trigger, not an input
  useEffect(() => setMenuOpen(false), [route]);
  const menuButton = useRef<HTMLButtonElement>(null);
  // an open phone menu closes on Escape (focus back on its button) and on a tap anywhere outside the bar
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!(e.target instanceof Node && menuButton.current?.closest('header')?.contains(e.target)))
        setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);
  // the route's title first; a page that knows a better one (the chat's name) sets it after
  useLayoutEffect(() => {
    document.title = pageTitle(routeTitle(route, t));
  }, [route, t]);
  // the chat page fits the window below the top bar, whose height depends on how the nav wraps
  useLayoutEffect(() => {
    const bar = document.querySelector<HTMLElement>('.topbar');
    if (!bar) return;
    const measure = () =>
      document.documentElement.style.setProperty(
        '--topbar-height',
        `${bar.getBoundingClientRect().height}px`,
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="app">
      <header className="topbar">
        <a className="brand" href="#/functions">
          Toolsmith
        </a>
        {/* phone widths: the sections behind one button, so the page keeps the screen */}
        <button
          type="button"
          className="menu-button"
          ref={menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> {t('nav.menu')}
        </button>
        <nav id="main-nav" aria-label={t('nav.main')} className={menuOpen ? 'open' : undefined}>
          {NAV.map((item) => (
            <a
              key={item.label}
              href={hrefFor(item.route)}
              aria-current={item.section.includes(route.page) ? 'page' : undefined}
              onClick={() => setMenuOpen(false)}
            >
              {t(item.label)}
            </a>
          ))}
        </nav>
        <LanguageSwitch />
      </header>
      <main>
        <Page key={loadRound} route={route} />
      </main>
      <AdminSecretDialog onSaved={(reload) => reload && setLoadRound((n) => n + 1)} />
    </div>
  );
}
