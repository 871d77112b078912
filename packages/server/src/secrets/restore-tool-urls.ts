import type { FieldError } from '@toolsmith/core';
import { containsMask, msgMaskedUrl, unmaskUrl } from './url-credentials.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Tool lists inside bigger documents (an orchestration profile, a character's override) come back from the
 * editor with masked webhook URLs. Each masked URL that is the masked form of the stored tool of the same name
 * gets the stored URL back (in place); any other masked URL is a field error at `AT.i.webhookUrl`.
 */
export function restoreToolUrls(tools: unknown, stored: unknown, at: string): FieldError[] {
  if (!Array.isArray(tools)) return [];
  const storedUrls = new Map<string, string>();
  if (Array.isArray(stored)) {
    for (const tool of stored) {
      if (isObject(tool) && typeof tool.name === 'string' && typeof tool.webhookUrl === 'string') {
        storedUrls.set(tool.name, tool.webhookUrl);
      }
    }
  }
  const errors: FieldError[] = [];
  tools.forEach((tool, i) => {
    if (!isObject(tool) || typeof tool.webhookUrl !== 'string' || !containsMask(tool.webhookUrl)) return;
    const previous = typeof tool.name === 'string' ? storedUrls.get(tool.name) : undefined;
    const url = unmaskUrl(tool.webhookUrl, previous);
    if (url === undefined)
      errors.push({ field: `${at}.${i}.webhookUrl`, message: msgMaskedUrl('webhookUrl') });
    else tool.webhookUrl = url;
  });
  return errors;
}
