import { getInstructTemplate } from './text-completion/templates.js';
import type { ChatMessage, Connection } from './types.js';

/**
 * What the reply a request asks for starts with, already written in the prompt: a last assistant turn the
 * model continues (a prefill), or else how a text-completion template ends the prompt for a new reply
 * (`<｜Assistant｜><think>\n` for DeepSeek-R1). Empty for a chat API's fresh reply: its template is the
 * server's and not known here.
 */
export function replyStart(connection: Connection, messages: readonly ChatMessage[]): string {
  const last = messages.at(-1);
  if (last?.role === 'assistant') return last.content;
  if (connection.api !== 'text-completion') return '';
  return getInstructTemplate(connection.instructTemplate).replyStart;
}
