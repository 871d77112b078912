import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, ShownMessage } from '../../api/types';
import { Avatar } from '../../components/Avatar';
import type { CallView } from './chat-stream';
import { IconButton } from './Icon';
import { Markdown } from './Markdown';
import { MessageEditor } from './MessageEditor';
import { MessageImages } from './MessageImages';
import { editableRound } from './message-groups';
import { ToolCallCard, type ToolModes } from './ToolCallCard';
import { toolCardKey } from './tool-card-open';

export interface Author {
  name: string;
  avatar?: string | null;
}

/** What the user can do with a message; absent actions are not offered (e.g. while generating). */
export interface MessageActions {
  onEdit?: (messageId: string, content: string) => Promise<void>;
  onDelete?: (messageId: string) => void;
  onSwipe?: (messageId: string, index: number) => void;
  /** a new swipe (regenerate), offered on the last answer */
  onRegenerate?: () => void;
  onContinue?: () => void;
  onApprove?: (callId: string, allow: boolean) => void;
  /** open the editor now (Up in the empty composer); onEditingStarted says it opened */
  startEditing?: boolean;
  onEditingStarted?: () => void;
}

/** Opens the editor when the page asks for it. */
function useEditRequest(actions: MessageActions, setEditing: (on: boolean) => void) {
  const { startEditing, onEditingStarted, onEdit } = actions;
  useEffect(() => {
    if (!startEditing) return;
    if (onEdit) setEditing(true);
    onEditingStarted?.();
  }, [startEditing, onEditingStarted, onEdit, setEditing]);
}

type Round = ShownMessage & { toolInvocations: CallView[] };

function AuthorLine({
  author,
  edited,
  interrupted,
}: {
  author: Author;
  edited: boolean;
  interrupted?: Message['interrupted'];
}) {
  const { t } = useTranslation();
  return (
    <div className="message-author">
      <span className="message-name">{author.name}</span>
      {edited && <span className="hint">{t('message.edited')}</span>}
      {interrupted && (
        <span className="hint" title={interrupted.message}>
          {interrupted.reason === 'stopped' ? t('message.stoppedIncomplete') : t('message.errorIncomplete')}
        </span>
      )}
    </div>
  );
}

/** One of the user's messages: persona name and portrait, the text as markdown, Edit and Delete. */
export function UserMessageView({
  message,
  chatPath,
  author,
  actions = {},
}: {
  message: ShownMessage;
  /** the chat's API path, where the message's images are served */
  chatPath?: string;
  author: Author;
  actions?: MessageActions;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  useEditRequest(actions, setEditing);
  return (
    <article className="message user" aria-label={t('message.by', { name: author.name })}>
      <Avatar name={author.name} src={author.avatar} />
      <div className="message-body">
        <AuthorLine author={author} edited={Boolean(message.editedAt)} />
        <MessageImages message={message} chatPath={chatPath} />
        {editing && actions.onEdit ? (
          <MessageEditor
            initial={message.content}
            label={t('message.edit')}
            onCancel={() => setEditing(false)}
            onSave={async (content) => {
              await actions.onEdit?.(message.id, content);
              setEditing(false);
            }}
          />
        ) : (
          <Markdown text={message.content} />
        )}
        {!editing && (actions.onEdit || actions.onDelete) && (
          <div className="message-actions">
            {actions.onEdit && (
              <IconButton icon="edit" label={t('common.edit')} onClick={() => setEditing(true)} />
            )}
            {actions.onDelete && (
              <IconButton
                icon="delete"
                label={t('common.delete')}
                onClick={() => actions.onDelete?.(message.id)}
              />
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/**
 * An answer: every round of it in the order it happened — reasoning, the text the model wrote, then the tool
 * calls that text led to — under the character's name and portrait, with its swipes and actions.
 */
export function ReplyView({
  replyId,
  liveSwipe,
  rounds,
  author,
  streaming,
  actions = {},
  toolModes,
}: {
  /** the reply the rounds belong to (live: once the stream has said), part of each tool card's key */
  replyId: string | null;
  /** live: the swipe the rounds are stored in (stored rounds say theirs), part of each tool card's key */
  liveSwipe?: number | null;
  rounds: Round[];
  author: Author;
  streaming?: boolean;
  actions?: MessageActions;
  toolModes?: ToolModes;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  useEditRequest(actions, setEditing);
  const target = editableRound(rounds);
  const swipe = rounds[rounds.length - 1]?.swipe;
  const empty = rounds.every((r) => !r.content && r.toolInvocations.length === 0 && !r.reasoning);
  const edited = rounds.some((r) => r.editedAt);
  const interrupted = rounds.find((r) => r.interrupted)?.interrupted;
  return (
    <article
      className="message assistant"
      aria-label={t('message.by', { name: author.name })}
      aria-busy={streaming || undefined}
    >
      <Avatar name={author.name} src={author.avatar} />
      <div className="message-body">
        <AuthorLine author={author} edited={edited} interrupted={interrupted} />
        {rounds.map((round) => (
          <div className="message-round" key={round.id}>
            {round.reasoning && (
              <details className="reasoning">
                <summary>{t('message.reasoning')}</summary>
                <div className="message-text">{round.reasoning}</div>
              </details>
            )}
            {editing && round.id === target.id && actions.onEdit ? (
              <MessageEditor
                initial={round.content}
                label={t('message.edit')}
                onCancel={() => setEditing(false)}
                onSave={async (content) => {
                  await actions.onEdit?.(round.id, content);
                  setEditing(false);
                }}
              />
            ) : (
              round.content && <Markdown text={round.content} />
            )}
            {round.toolInvocations.length > 0 && (
              <div className="tool-calls">
                {round.toolInvocations.map((call) => (
                  <ToolCallCard
                    key={call.id}
                    call={call}
                    openKey={toolCardKey(replyId, liveSwipe ?? swipe?.index, call)}
                    onApprove={actions.onApprove}
                    toolModes={toolModes}
                  />
                ))}
              </div>
            )}
          </div>
        ))}
        {empty && <div className="hint">{streaming ? t('message.thinking') : t('message.noText')}</div>}
        {!editing && Object.keys(actions).some((key) => key !== 'onApprove') && (
          <div className="message-actions">
            {swipe && (swipe.count > 1 || actions.onRegenerate) && actions.onSwipe && (
              <fieldset className="swipes" aria-label={t('message.swipes')}>
                <IconButton
                  icon="previous"
                  label={t('message.previousSwipe')}
                  disabled={swipe.index === 0}
                  onClick={() => actions.onSwipe?.(target.id, swipe.index - 1)}
                />
                <span className="swipe-count">
                  {swipe.index + 1}/{swipe.count}
                </span>
                <IconButton
                  icon="next"
                  label={t('message.nextSwipe')}
                  title={t('message.nextSwipeHint')}
                  disabled={swipe.index === swipe.count - 1 && !actions.onRegenerate}
                  onClick={() =>
                    swipe.index < swipe.count - 1
                      ? actions.onSwipe?.(target.id, swipe.index + 1)
                      : actions.onRegenerate?.()
                  }
                />
              </fieldset>
            )}
            {swipe && swipe.count > 1 && !actions.onSwipe && (
              <span className="swipe-count hint">
                {swipe.index + 1}/{swipe.count}
              </span>
            )}
            {actions.onRegenerate && (
              <IconButton icon="regenerate" label={t('message.regenerate')} onClick={actions.onRegenerate} />
            )}
            {actions.onContinue && (
              <IconButton icon="continue" label={t('message.continue')} onClick={actions.onContinue} />
            )}
            {actions.onEdit && (
              <IconButton icon="edit" label={t('common.edit')} onClick={() => setEditing(true)} />
            )}
            {actions.onDelete && (
              <IconButton
                icon="delete"
                label={t('common.delete')}
                onClick={() => actions.onDelete?.(target.id)}
              />
            )}
          </div>
        )}
      </div>
    </article>
  );
}
