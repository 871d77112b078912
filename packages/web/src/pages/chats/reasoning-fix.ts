import type { Connection } from '../../api/types';

/**
 * The connection change that makes replies start inside the reasoning block its template opens: the box for a
 * chat server; for text completion, the thinking variant of a built-in instruct template that has one. None
 * where Toolsmith cannot tell (another template, a custom one): the note then only says what to look for.
 */
export function reasoningFix(
  connection: Connection,
): { replyStartsInReasoning: true } | { instructTemplate: string } | undefined {
  if (connection.api !== 'text-completion') return { replyStartsInReasoning: true };
  const template = (connection.instructTemplate ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  const thinking: Record<string, string> = {
    '': 'chatml-think',
    chatml: 'chatml-think',
    deepseek: 'deepseek-r1',
    deepseekv31: 'deepseek-v3.1-think',
    deepseekv32: 'deepseek-v3.1-think',
  };
  const next = Object.hasOwn(thinking, template) ? thinking[template] : undefined;
  return next ? { instructTemplate: next } : undefined;
}
