import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type {
  Character,
  Chat,
  Connection,
  Message,
  MessageList,
  Persona,
  Preset,
  ShownMessage,
  ToolsList,
} from '../../api/types';
import { usePageTitle } from '../../app/page-title';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { portraitUrl } from '../../components/portrait';
import { i18n } from '../../i18n/i18n';
import type { Attachment } from './attachments';
import { ChatHeader } from './ChatHeader';
import { type ChatPatch, ChatSettingsDrawer } from './ChatSettingsDrawer';
import { Composer } from './Composer';
import { liveAssistantMessages } from './chat-stream';
import { GenerationNotice } from './GenerationNotice';
import { type Author, type MessageActions, ReplyView, UserMessageView } from './MessageView';
import { chatEntries, storedBesideLive } from './message-groups';
import { NoConnectionNote } from './NoConnectionNote';
import { clearOpenChatSettings, wantsChatSettingsOpen } from './new-tool-for-chat';
import { TemplateSuggestionNote } from './TemplateSuggestionNote';
import type { ToolModes } from './ToolCallCard';
import { estimatePromptTokens } from './token-estimate';
import { OpenToolCardsProvider } from './tool-card-open';
import { useGeneration } from './use-generation';
import './chats.css';

type ChatWithPeople = Chat & { personaId?: string | null; characterIds?: string[] };

/** One chat: stored history, the composer, the live stream with tool cards, Stop, and the Chat Settings drawer. */
export function ChatPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const path = `/api/chats/${encodeURIComponent(id)}`;
  const [chat, setChat] = useState<ChatWithPeople | null>(null);
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  /** what the last send took out of the composer, given back if the server refuses it */
  const sentAttachments = useRef<Attachment[]>([]);
  // back from "New custom function" in the picker: the drawer opens where the user left it
  const [drawerOpen, setDrawerOpen] = useState(() => wantsChatSettingsOpen(id));
  useEffect(clearOpenChatSettings, []);
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [presets, setPresets] = useState<Preset[] | null>(null);
  const [toolModes, setToolModes] = useState<ToolModes>(new Map());
  const [characters, setCharacters] = useState<Character[]>([]);
  const [personas, setPersonas] = useState<Persona[]>([]);
  const [optionsError, setOptionsError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  /** Up in the empty composer asks the last message to open its editor */
  const [editLast, setEditLast] = useState(false);
  usePageTitle(chat?.title);

  const fetchMessages = useCallback(
    async () => (await api.get<MessageList>(`${path}/messages`)).messages,
    [path],
  );
  const giveBack = useCallback((content: string) => {
    setDraft((d) => d || content);
    setAttachments((list) => (list.length > 0 ? list : sentAttachments.current));
  }, []);
  const { live, notice, setNotice, generate, stop, approve, streaming } = useGeneration({
    path,
    messages,
    setMessages,
    fetchMessages,
    onError: setError,
    onGiveBack: giveBack,
  });

  // The settings' choices load on their own: one failing (e.g. connections need the admin secret) leaves the
  // rest usable, and Retry loads them again once the user has given the secret.
  const loadOptions = useCallback(() => {
    setOptionsError(null);
    const problems: string[] = [];
    const note = (what: 'connections' | 'presets' | 'functions') => (e: unknown) => {
      problems.push(
        i18n.t('chat.couldNotLoad', { what: i18n.t(`chat.what.${what}`), message: errorMessage(e) }),
      );
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
      .then((a) => {
        setToolModes(new Map([...a.builtin, ...a.tools].map((t) => [t.name, t.mode])));
      })
      .catch(note('functions'));
  }, []);

  useEffect(() => {
    api
      .get<ChatWithPeople>(path)
      .then(setChat)
      .catch((e) => setError(errorMessage(e)));
    fetchMessages()
      .then(setMessages)
      .catch((e) => setError(errorMessage(e)));
    loadOptions();
    // names and portraits on the messages; the chat works without them
    api
      .get<{ characters: Character[] }>('/api/characters')
      .then((a) => setCharacters(a.characters))
      .catch(() => {});
    api
      .get<{ personas: Persona[] }>('/api/personas')
      .then((a) => setPersonas(a.personas))
      .catch(() => {});
  }, [path, fetchMessages, loadOptions]);

  // Follow the stream while the reader is at the bottom; leave them alone if they scrolled up to read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the shown content changes
  useLayoutEffect(() => {
    const box = log.current;
    if (box && stickToBottom.current) box.scrollTop = box.scrollHeight;
  }, [messages, live]);

  const updateChat = async (patch: ChatPatch) => {
    try {
      setChat(await api.patch<ChatWithPeople>(path, patch));
      // new characters before the first message bring their greetings
      if ('characterIds' in patch) setMessages(await fetchMessages());
    } catch (e) {
      throw new Error(errorMessage(e));
    }
  };

  const send = () => {
    const content = draft.trim();
    if ((!content && attachments.length === 0) || streaming || !chat?.connectionId || live) return;
    setDraft('');
    sentAttachments.current = attachments;
    setAttachments([]);
    stickToBottom.current = true;
    generate(attachments.length > 0 ? { content, images: attachments.map((a) => a.dataUrl) } : { content });
  };

  const authorOf = (message: Pick<ShownMessage, 'role' | 'name' | 'characterId' | 'personaId'>): Author => {
    if (message.role === 'user') {
      const persona = personas.find((p) => p.id === message.personaId);
      return {
        name: message.name || persona?.name || t('chat.you'),
        avatar: persona?.hasAvatar
          ? `/api/personas/${encodeURIComponent(persona.id)}/avatar?v=${encodeURIComponent(persona.updatedAt ?? '')}`
          : null,
      };
    }
    const character = characters.find((c) => c.id === message.characterId);
    return {
      name: message.name || character?.name || t('chat.assistant'),
      avatar: character?.hasAvatar ? portraitUrl('characters', character) : null,
    };
  };

  const edit = async (messageId: string, content: string) => {
    const updated = await api.patch<Message>(`${path}/messages/${encodeURIComponent(messageId)}`, {
      content,
    });
    setMessages((list) => list?.map((m) => (m.id === updated.id ? updated : m)) ?? null);
  };
  const swipe = async (messageId: string, index: number) => {
    try {
      const answer = await api.put<MessageList>(`${path}/messages/${encodeURIComponent(messageId)}/swipe`, {
        index,
      });
      setMessages(answer.messages);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      const answer = await api.del<MessageList>(`${path}/messages/${encodeURIComponent(deleting.id)}`);
      setMessages(answer.messages);
      setDeleting(null);
      setDeleteError(null);
    } catch (e) {
      setDeleteError(errorMessage(e));
    }
  };

  const shown = useMemo(() => storedBesideLive(messages ?? [], live), [messages, live]);
  const entries = useMemo(() => chatEntries(shown), [shown]);
  const lastEntry = entries[entries.length - 1];
  const idle = !live && chat !== null;
  const connection = connections?.find((c) => c.id === chat?.connectionId);
  const canGenerate = idle && Boolean(chat?.connectionId);

  /** Actions on an entry: editing and deleting any message; swipes, regenerate and continue on the last answer. */
  const actionsFor = (entry: (typeof entries)[number]): MessageActions => {
    if (!idle) return {};
    const common: MessageActions = {
      onEdit: edit,
      onDelete: (messageId) => setDeleting(shown.find((m) => m.id === messageId) ?? null),
    };
    if (entry === lastEntry && editLast) {
      common.startEditing = true;
      common.onEditingStarted = () => setEditLast(false);
    }
    if (entry !== lastEntry || entry.kind !== 'reply') return common;
    const greeting = !entries.some((e) => e.kind === 'user');
    return {
      ...common,
      onSwipe: swipe,
      onRegenerate: canGenerate && !greeting ? () => generate({ mode: 'regenerate' }) : undefined,
      onContinue: canGenerate ? () => generate({ mode: 'continue' }) : undefined,
    };
  };

  const liveRounds = live ? liveAssistantMessages(live) : [];
  const tokens = useMemo(() => estimatePromptTokens(shown, draft), [shown, draft]);

  // Escape stops a running generation (unless something else, e.g. a dialog, used the key)
  useEffect(() => {
    if (!streaming) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [streaming, stop]);
  const failedAfterUser = notice?.kind === 'failed' && lastEntry?.kind === 'user' && idle;

  return (
    <section className={`chat-layout${drawerOpen ? ' with-drawer' : ''}`}>
      <div className="chat-main">
        <ChatHeader
          chat={chat}
          connections={connections}
          tokens={tokens}
          drawerOpen={drawerOpen}
          onToggleDrawer={() => setDrawerOpen((o) => !o)}
          onSwitchConnection={(connectionId) => updateChat({ connectionId })}
        />
        <ErrorBanner error={error} onDismiss={() => setError(null)} />
        <div
          className="chat-log"
          role="log"
          aria-label={t('chat.messages')}
          ref={log}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll by keyboard
          tabIndex={0}
          onScroll={(e) => {
            const box = e.currentTarget;
            stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
          }}
        >
          <OpenToolCardsProvider>
            {messages === null && !error && <p className="hint">{t('common.loading')}</p>}
            {messages?.length === 0 && !live && <p className="empty">{t('chat.noMessages')}</p>}
            {entries.map((entry) =>
              entry.kind === 'user' ? (
                <UserMessageView
                  key={entry.message.id}
                  message={entry.message}
                  chatPath={path}
                  author={authorOf(entry.message)}
                  actions={actionsFor(entry)}
                />
              ) : (
                <ReplyView
                  key={entry.replyId}
                  replyId={entry.replyId}
                  rounds={entry.rounds}
                  author={authorOf(entry.rounds[0])}
                  actions={actionsFor(entry)}
                  toolModes={toolModes}
                />
              ),
            )}
            {live && (
              <>
                {live.user && (
                  <UserMessageView message={live.user} chatPath={path} author={authorOf(live.user)} />
                )}
                <ReplyView
                  replyId={live.replyId}
                  liveSwipe={live.swipe}
                  rounds={liveRounds}
                  author={authorOf(liveRounds[0] ?? { role: 'assistant' })}
                  streaming={live.status === 'streaming'}
                  actions={{ onApprove: approve }}
                  toolModes={toolModes}
                />
              </>
            )}
          </OpenToolCardsProvider>
        </div>
        <GenerationNotice
          notice={notice}
          connection={connection}
          onDismiss={() => setNotice(null)}
          onRetry={failedAfterUser && canGenerate ? () => generate({ mode: 'retry' }) : undefined}
          onRegenerate={
            canGenerate && lastEntry?.kind === 'reply' ? () => generate({ mode: 'regenerate' }) : undefined
          }
          onConnectionChanged={loadOptions}
        />
        {chat && !chat.connectionId && (
          <NoConnectionNote connections={connections} onOpenSettings={() => setDrawerOpen(true)} />
        )}
        {connection && (
          <TemplateSuggestionNote
            key={connection.id}
            connection={connection}
            onConnectionChanged={loadOptions}
          />
        )}
        {chat?.settings.toolUse && connection && !connection.functionCalling.enabled && (
          <p className="banner info" role="note">
            {t('chat.functionCallingOff', { name: connection.name })}
          </p>
        )}
        <Composer
          draft={draft}
          setDraft={setDraft}
          attachments={attachments}
          setAttachments={setAttachments}
          connection={connection}
          streaming={streaming}
          canSend={canGenerate}
          onSend={send}
          onStop={stop}
          onUpInEmpty={() => {
            if (!idle || !lastEntry) return false;
            setEditLast(true);
            return true;
          }}
        />
      </div>
      {drawerOpen && chat && (
        <div id="chat-settings" className="drawer-wrap">
          <ChatSettingsDrawer
            chat={chat}
            connections={connections}
            presets={presets}
            loadError={optionsError}
            onRetryLoad={loadOptions}
            onUpdate={updateChat}
            onClose={() => setDrawerOpen(false)}
          />
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('chat.deleteMessage')}
          message={<p>{deleting.role === 'user' ? t('chat.deleteUserMessage') : t('chat.deleteAnswer')}</p>}
          confirmLabel={t('common.delete')}
          danger
          error={deleteError}
          onConfirm={remove}
          onCancel={() => {
            setDeleting(null);
            setDeleteError(null);
          }}
        />
      )}
    </section>
  );
}
