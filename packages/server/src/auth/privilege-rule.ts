// The one privilege rule (docs/api.md, "Security model"): a request is privileged — it needs the admin secret
// wherever privileged routes need it — when it can change what runs: it creates, changes, deletes, imports or
// runs tools or code; it changes which tools a model may call or what they do (agents, the orchestration
// profile, character tools and overrides, a chat's tool settings, orchestration, write approval or
// characters); or it brings patterns the server evaluates (regex lorebook keys). Whole routes say so with
// `config: { privileged: true }`; routes where only some changes count call the checks below.
import type { WorldInfoEntry } from '@toolsmith/core';
import type { ChatInput, ChatSettings, StoredChat } from '../storage/types.js';

/** What a chat's tool settings mean, with absent values as their defaults (off, every tool, no approval). */
function toolSettings(settings: Partial<ChatSettings> | undefined) {
  const orchestration = (settings as { orchestration?: { enabled?: boolean } } | undefined)?.orchestration;
  return {
    toolUse: settings?.toolUse ?? false,
    tools: settings?.tools ?? [],
    characterToolsOff: settings?.characterToolsOff ?? [],
    approveWriteTools: settings?.approveWriteTools ?? false,
    orchestration: orchestration?.enabled ? orchestration : null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a chat write changes which tools run: its tool settings, orchestration, write approval, or its
 * characters (whose own tools join the chat). `before` is the stored chat (undefined when creating: against
 * a new chat's defaults). Values sent back unchanged do not count.
 */
export function chatWriteChangesTools(before: StoredChat | undefined, input: Partial<ChatInput>): boolean {
  if (input.characterIds !== undefined && !same(input.characterIds, before?.characterIds ?? [])) return true;
  if (input.settings === undefined) return false;
  const current = toolSettings(before?.settings);
  const next = toolSettings({ ...before?.settings, ...input.settings });
  return (Object.keys(current) as (keyof typeof current)[]).some((key) => !same(current[key], next[key]));
}

const REGEX_KEY = /^\/[\s\S]+\/[a-z]*$/;

function regexKeys(entries: readonly WorldInfoEntry[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const entry of entries ?? []) {
    for (const key of [...(entry.keys ?? []), ...(entry.secondaryKeys ?? [])]) {
      if (typeof key === 'string' && REGEX_KEY.test(key.trim())) out.add(key.trim());
    }
  }
  return out;
}

/** Whether a lorebook write brings a regex key the book did not have (`before` undefined when creating). */
export function lorebookWriteAddsRegex(
  before: readonly WorldInfoEntry[] | undefined,
  after: readonly WorldInfoEntry[] | undefined,
): boolean {
  const had = regexKeys(before);
  return [...regexKeys(after)].some((key) => !had.has(key));
}
