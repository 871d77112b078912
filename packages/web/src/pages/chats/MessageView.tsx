import type { Message } from '../../api/types';
import type { CallView } from './chat-stream';
import { ToolCallCard } from './ToolCallCard';

/**
 * One message. An assistant message shows its reasoning (collapsed), then its tool calls in call order, then its
 * text: the calls happened before the final answer, and stored history renders exactly like the live stream.
 */
export function MessageView({
  message,
  streaming,
}: {
  message: Message & { toolInvocations: CallView[] };
  streaming?: boolean;
}) {
  const who = message.role === 'user' ? 'You' : 'Assistant';
  const empty = !message.content && message.toolInvocations.length === 0 && !message.reasoning;
  return (
    <article
      className={`message ${message.role}`}
      aria-label={`${who} message`}
      aria-busy={streaming || undefined}
    >
      <div className="message-author">{who}</div>
      {message.reasoning && (
        <details className="reasoning">
          <summary>Reasoning</summary>
          <div className="message-text">{message.reasoning}</div>
        </details>
      )}
      {message.toolInvocations.length > 0 && (
        <div className="tool-calls">
          {message.toolInvocations.map((call) => (
            <ToolCallCard key={call.id} call={call} />
          ))}
        </div>
      )}
      {message.content && <div className="message-text">{message.content}</div>}
      {empty && <div className="hint">{streaming ? 'Thinking…' : '(no text)'}</div>}
    </article>
  );
}
