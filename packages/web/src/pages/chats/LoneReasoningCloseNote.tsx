import { Trans, useTranslation } from 'react-i18next';
import type { Connection } from '../../api/types';
import { ConnectionsLink } from './ConnectionsLink';

/**
 * After a reply that closed its reasoning without opening it (`</think>` after text): the model's template
 * opens the block, so its reasoning was kept as the answer. Says what to change on the connection: the
 * "Replies start inside <think>" box for a chat server, an instruct template that opens it for text completion.
 */
export function LoneReasoningCloseNote({ tag, connection }: { tag: string; connection?: Connection }) {
  const { t } = useTranslation();
  const code = <code translate="no" />;
  return (
    <p className="banner info" role="status">
      {/* one child: the banner is a flex row */}
      <span>
        <Trans
          i18nKey={
            connection?.api === 'text-completion'
              ? 'chat.loneReasoningCloseTemplate'
              : 'chat.loneReasoningClose'
          }
          values={{ name: connection?.name ?? '' }}
          components={{
            tag: <code translate="no">{tag}</code>,
            box: <span>{t('connReplyReasoning.label')}</span>,
            // not `link`: an HTML void element to the parser Trans uses, it would lose its words
            conn: <ConnectionsLink />,
            code,
          }}
        />
      </span>
    </p>
  );
}
