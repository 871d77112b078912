import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Connection } from '../../api/types';
import { ConnectionsLink } from './ConnectionsLink';
import { reasoningFix } from './reasoning-fix';

type FixState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * After a reply that closed its reasoning without opening it (`</think>` after text): the model's template
 * opens the block, so its reasoning was kept as the answer. Says what to change on the connection — the
 * "Replies start inside <think>" box for a chat server, an instruct template that opens it for text
 * completion — and makes the change in one click where it knows which (then offers to regenerate).
 */
export function LoneReasoningCloseNote({
  tag,
  connection,
  onConnectionChanged,
  onRegenerate,
}: {
  tag: string;
  connection?: Connection;
  onConnectionChanged: () => void;
  onRegenerate?: () => void;
}) {
  const { t } = useTranslation();
  const [fix, setFix] = useState<FixState>({ kind: 'idle' });
  const change = connection && reasoningFix(connection);
  const name = connection?.name ?? '';
  const apply = async () => {
    if (!connection || !change) return;
    setFix({ kind: 'saving' });
    try {
      await api.patch(`/api/connections/${encodeURIComponent(connection.id)}`, change.patch);
      setFix({ kind: 'done' });
      onConnectionChanged();
    } catch (e) {
      setFix({ kind: 'failed', message: errorMessage(e) });
    }
  };
  const code = <code translate="no" />;
  return (
    <div className="banner info lone-reasoning-close" role="status">
      <span className="grow">
        {/* once changed, the explanation has done its job: only what changed and what to do next */}
        {fix.kind === 'done' ? (
          t('chat.reasoningFixDone', { name })
        ) : (
          <Trans
            i18nKey={
              connection?.api === 'text-completion'
                ? 'chat.loneReasoningCloseTemplate'
                : 'chat.loneReasoningClose'
            }
            values={{ name }}
            components={{
              tag: <code translate="no">{tag}</code>,
              box: <span>{t('connReplyReasoning.label')}</span>,
              // not `link`: an HTML void element to the parser Trans uses, it would lose its words
              conn: <ConnectionsLink />,
              code,
            }}
          />
        )}
        {fix.kind === 'failed' && <> {t('chat.reasoningFixFailed', { name, message: fix.message })}</>}
      </span>
      {change && fix.kind !== 'done' && (
        <button type="button" onClick={apply} disabled={fix.kind === 'saving'}>
          {change.kind === 'box'
            ? t('chat.reasoningFixBox')
            : change.kind === 'custom'
              ? t('chat.reasoningFixCustom')
              : t('chat.reasoningFixTemplate', { template: change.patch.instructTemplate })}
        </button>
      )}
      {fix.kind === 'done' && onRegenerate && (
        <button type="button" className="primary" onClick={onRegenerate}>
          {t('message.regenerate')}
        </button>
      )}
    </div>
  );
}
