import type { PromptCachingSettings } from '../types.js';
import type { AnthropicBlock, AnthropicRequestBody } from './request.js';

export interface CacheControl {
  type: 'ephemeral';
  ttl?: '1h';
}

/** Blocks that cannot carry a breakpoint themselves (thinking is cached as part of its turn). */
const UNCACHEABLE = new Set(['thinking', 'redacted_thinking']);

function markLastBlock(blocks: AnthropicBlock[], control: CacheControl): boolean {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i];
    if (UNCACHEABLE.has(block.type)) continue;
    (block as AnthropicBlock & { cache_control?: CacheControl }).cache_control = control;
    return true;
  }
  return false;
}

/**
 * Places Anthropic prompt-caching breakpoints (`cache_control`, docs/providers.md, "Prompt caching"): after the
 * last tool, after the system prompt, and on the last block of the conversation plus the user turn before it, so
 * each new turn reads the earlier ones from the cache. Four breakpoints at most, as the API allows.
 */
export function applyPromptCaching(
  body: AnthropicRequestBody,
  settings: PromptCachingSettings | undefined,
): void {
  if (!settings || (!settings.tools && !settings.system && !settings.history)) return;
  const control: CacheControl =
    settings.ttl === '1h' ? { type: 'ephemeral', ttl: '1h' } : { type: 'ephemeral' };
  if (settings.tools && body.tools?.length) {
    body.tools[body.tools.length - 1].cache_control = { ...control };
  }
  if (settings.system && body.system !== undefined) {
    const blocks =
      typeof body.system === 'string' ? [{ type: 'text' as const, text: body.system }] : body.system;
    if (blocks.length > 0) {
      blocks[blocks.length - 1].cache_control = { ...control };
      body.system = blocks;
    }
  }
  if (settings.history) {
    const messages = body.messages;
    const last = messages[messages.length - 1];
    if (last) markLastBlock(last.content, { ...control });
    // The user turn before the last one: the prefix the previous request already wrote to the cache.
    for (let i = messages.length - 2; i >= 0; i--) {
      if (messages[i].role === 'user') {
        markLastBlock(messages[i].content, { ...control });
        break;
      }
    }
  }
}
