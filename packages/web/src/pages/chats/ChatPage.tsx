import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, api, errorMessage, request } from '../../api/client';
import { readEventStream } from '../../api/sse';
import type { Chat, Connection, Message, Preset, ToolsList } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { type ChatPatch, ChatSettingsDrawer } from './ChatSettingsDrawer';
import {
  applyStreamEvent,
  endTurn,
  finishNotice,
  type LiveTurn,
  liveAssistantMessages,
  startTurn,
  storedTurnComplete,
} from './chat-stream';
import { MessageView } from './MessageView';
import { type PickerEntry, pickerEntries } from './tool-picker';
import './chats.css';

type Notice =
  | { kind: 'stopped' }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'ended'; message: string };

/** One chat: stored history, the composer, the live stream with tool cards, Stop, and the Chat Settings drawer. */
export function ChatPage({ id }: { id: string }) {
  const path = `/api/chats/${encodeURIComponent(id)}`;
  const [chat, setChat] = useState<Chat | null>(null);
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<LiveTurn | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [draft, setDraft] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [presets, setPresets] = useState<Preset[] | null>(null);
  const [tools, setTools] = useState<PickerEntry[] | null>(null);
  const [optionsError, setOptionsError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const fetchMessages = useCallback(
    async () => (await api.get<{ messages: Message[] }>(`${path}/messages`)).messages,
    [path],
  );

  // The settings' choices load on their own: one failing (e.g. connections need the admin secret) leaves the
  // rest usable, and Retry loads them again once the user has given the secret.
  const loadOptions = useCallback(() => {
    setOptionsError(null);
    const problems: string[] = [];
    const note = (what: string) => (e: unknown) => {
      problems.push(`Could not load ${what}: ${errorMessage(e)}`);
      setOptionsError(problems.join(' '));
    };
    api
      .get<{ connections: Connection[] }>('/api/connections')
      .then((a) => setConnections(a.connections))
      .catch(note('connections'));
    api
      .get<{ presets: Preset[] }>('/api/presets')
      .then((a) => setPresets(a.presets))
      .catch(note('presets'));
    api
      .get<ToolsList>('/api/tools')
      .then((a) => setTools(pickerEntries(a)))
      .catch(note('functions'));
  }, []);

  useEffect(() => {
    api
      .get<Chat>(path)
      .then(setChat)
      .catch((e) => setError(errorMessage(e)));
    fetchMessages()
      .then(setMessages)
      .catch((e) => setError(errorMessage(e)));
    loadOptions();
    // Leaving the page stops a running generation (closing the stream aborts it on the server).
    return () => controller.current?.abort();
  }, [path, fetchMessages, loadOptions]);

  // Follow the stream while the reader is at the bottom; leave them alone if they scrolled up to read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the shown content changes
  useLayoutEffect(() => {
    const box = log.current;
    if (box && stickToBottom.current) box.scrollTop = box.scrollHeight;
  }, [messages, live]);

  const updateChat = async (patch: ChatPatch) => {
    try {
      setChat(await api.patch<Chat>(path, patch));
    } catch (e) {
      throw new Error(errorMessage(e));
    }
  };

  const send = async (event?: React.FormEvent) => {
    event?.preventDefault();
    const content = draft.trim();
    if (!content || controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    let turn = startTurn(content);
    setLive(turn);
    setNotice(null);
    setDraft('');
    stickToBottom.current = true;
    let echoed = false;
    try {
      const response = await request('POST', `${path}/generate`, { json: { content }, signal: abort.signal });
      for await (const { event: name, data } of readEventStream(response)) {
        if (name === 'user-message') echoed = true;
        turn = applyStreamEvent(turn, name, data);
        setLive(turn);
      }
      if (turn.status === 'streaming') {
        turn = {
          ...turn,
          status: 'failed',
          error: { code: 'network', message: 'The stream ended before the server finished the answer.' },
        };
      }
    } catch (e) {
      if (abort.signal.aborted) {
        turn = endTurn(turn, 'stopped');
      } else {
        const code = e instanceof ApiError ? (e.code ?? `http_${e.status}`) : 'network';
        turn = { ...turn, status: 'failed', error: { code, message: errorMessage(e) } };
      }
    } finally {
      controller.current = null;
    }
    // Nothing was stored when the request itself was refused: give the text back instead of losing it.
    if (!echoed && turn.status === 'failed') setDraft((d) => d || content);
    if (turn.status === 'stopped') setNotice({ kind: 'stopped' });
    else if (turn.status === 'failed' && turn.error) setNotice({ kind: 'failed', ...turn.error });
    else {
      const ended = finishNotice(turn.finishReason);
      if (ended) setNotice({ kind: 'ended', message: ended });
    }
    // The stored history is the truth once the run is over: it holds the same messages and tool cards.
    try {
      // Both updates in one tick, so the turn never shows twice (live and stored) for a frame.
      let fresh = await fetchMessages();
      for (
        let attempt = 0;
        turn.status === 'stopped' && attempt < 10 && !storedTurnComplete(fresh, turn);
        attempt++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        fresh = await fetchMessages();
      }
      setMessages(fresh);
      setLive(null);
    } catch (e) {
      setError(`Could not reload the messages: ${errorMessage(e)}`);
      setLive(endTurn(turn, turn.status === 'streaming' ? 'finished' : turn.status));
    }
  };

  const stop = () => controller.current?.abort();
  const streaming = live?.status === 'streaming';
  const connection = connections?.find((c) => c.id === chat?.connectionId);

  return (
    <section className={`chat-layout${drawerOpen ? ' with-drawer' : ''}`}>
      <div className="chat-main">
        <div className="spread chat-header">
          <div className="row">
            <a href="#/chats" className="back-link">
              ← Chats
            </a>
            <h1>{chat?.title ?? 'Chat'}</h1>
          </div>
          <div className="row">
            {chat && (
              <span className={`pill${chat.settings.toolUse ? ' ok' : ''}`}>
                {chat.settings.toolUse ? 'Tool use on' : 'Tool use off'}
              </span>
            )}
            <button
              type="button"
              onClick={() => setDrawerOpen((o) => !o)}
              aria-expanded={drawerOpen}
              aria-controls="chat-settings"
              disabled={!chat}
            >
              Chat Settings
            </button>
          </div>
        </div>
        <ErrorBanner error={error} onDismiss={() => setError(null)} />
        <div
          className="chat-log"
          role="log"
          aria-label="Messages"
          ref={log}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll by keyboard
          tabIndex={0}
          onScroll={(e) => {
            const box = e.currentTarget;
            stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
          }}
        >
          {messages === null && !error && <p className="hint">Loading…</p>}
          {messages?.length === 0 && !live && (
            <p className="empty">No messages yet. Say something to start.</p>
          )}
          {messages?.map((m) => (
            <MessageView key={m.id} message={m} />
          ))}
          {live && (
            <>
              <MessageView message={live.user} />
              {liveAssistantMessages(live).map((m, index, all) => (
                <MessageView
                  key={m.id}
                  message={m}
                  streaming={live.status === 'streaming' && index === all.length - 1}
                />
              ))}
            </>
          )}
        </div>
        {notice?.kind === 'stopped' && (
          <p className="banner info" role="status">
            Stopped. What was generated before the stop is kept.
          </p>
        )}
        {notice?.kind === 'ended' && (
          <p className="banner info" role="status">
            {notice.message}
          </p>
        )}
        {notice?.kind === 'failed' && (
          <ErrorBanner
            error={`Generation failed (${notice.code}): ${notice.message}`}
            onDismiss={() => setNotice(null)}
          />
        )}
        {chat && !chat.connectionId && (
          <p className="banner info" role="note">
            This chat has no connection yet. Pick one in{' '}
            <button type="button" className="link" onClick={() => setDrawerOpen(true)}>
              Chat Settings
            </button>
            .
          </p>
        )}
        {chat?.settings.toolUse && connection && !connection.functionCalling.enabled && (
          <p className="banner info" role="note">
            Tool use is on, but the connection {connection.name} has function calling off: no tools are sent.
          </p>
        )}
        <form className="composer" onSubmit={send}>
          <label className="composer-input">
            <span className="visually-hidden">Message</span>
            <textarea
              rows={2}
              value={draft}
              placeholder="Write a message… (Enter sends, Shift+Enter for a new line)"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void send();
                }
              }}
            />
          </label>
          {streaming ? (
            <button type="button" className="danger" onClick={stop}>
              Stop
            </button>
          ) : (
            <button type="submit" className="primary" disabled={!draft.trim() || !chat}>
              Send
            </button>
          )}
        </form>
      </div>
      {drawerOpen && chat && (
        <div id="chat-settings" className="drawer-wrap">
          <ChatSettingsDrawer
            chat={chat}
            connections={connections}
            presets={presets}
            tools={tools}
            loadError={optionsError}
            onRetryLoad={loadOptions}
            onUpdate={updateChat}
            onClose={() => setDrawerOpen(false)}
          />
        </div>
      )}
    </section>
  );
}
