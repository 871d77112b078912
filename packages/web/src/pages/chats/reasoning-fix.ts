import { instructTemplateKey, suggestInstructTemplate } from '@toolsmith/core/schema';
import type { Connection } from '../../api/types';

/** What a template opening the reasoning block for each reply starts the reply with. */
const OPENED = '<think>\n';

/**
 * The connection change that makes replies start inside the reasoning block its template opens: the box for a
 * chat server; for text completion, the model's own template where its name points to one that opens the block and
 * none was chosen, else the thinking variant of a built-in instruct template that has one, or a
 * custom template (Toolsmith's sequences) given `replyPrefix: "<think>\n"`. None where Toolsmith cannot tell
 * (another built-in, a SillyTavern template, one that already has a reply prefix): the note then only says what
 * to look for.
 */
export type ReasoningFix =
  | { kind: 'box'; patch: { replyStartsInReasoning: true } }
  | { kind: 'template' | 'custom'; patch: { instructTemplate: string } };

export function reasoningFix(connection: Connection): ReasoningFix | undefined {
  if (connection.api !== 'text-completion') return { kind: 'box', patch: { replyStartsInReasoning: true } };
  const template = connection.instructTemplate ?? '';
  if (template.trimStart().startsWith('{')) return customFix(template);
  // never chosen (ChatML by default): the model's own template, where its name points to one that opens <think>
  // (DeepSeek-R1's distills are prompted the DeepSeek way, not in ChatML)
  const own = template === '' ? suggestInstructTemplate(connection.model ?? '') : undefined;
  if (own?.opensThink) return { kind: 'template', patch: { instructTemplate: own.value } };
  const key = instructTemplateKey(template);
  const thinking: Record<string, string> = {
    '': 'chatml-think',
    chatml: 'chatml-think',
    deepseek: 'deepseek-r1',
    deepseekv31: 'deepseek-v3.1-think',
  };
  const next = Object.hasOwn(thinking, key) ? thinking[key] : undefined;
  return next ? { kind: 'template', patch: { instructTemplate: next } } : undefined;
}

function customFix(json: string): ReasoningFix | undefined {
  let sequences: unknown;
  try {
    sequences = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof sequences !== 'object' || sequences === null || Array.isArray(sequences)) return undefined;
  const own = sequences as Record<string, unknown>;
  // Toolsmith's own sequences only: a SillyTavern template keeps "Start Reply With" outside the template
  if (typeof own.userPrefix !== 'string' || typeof own.assistantPrefix !== 'string') return undefined;
  if (typeof own.replyPrefix === 'string' && own.replyPrefix.trim() !== '') return undefined;
  return {
    kind: 'custom',
    patch: { instructTemplate: JSON.stringify({ ...own, replyPrefix: OPENED }, null, 2) },
  };
}
