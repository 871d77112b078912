import { type MacroEnv, substituteMacros } from '../macros/substitute.js';
import type { ChatMessage } from '../providers/types.js';
import { formatWorldInfo, minimalWorldInfoActivator } from '../worldinfo/activate.js';
import { insertWorldInfoAtDepth } from '../worldinfo/depth-insert.js';
import type { WorldInfoActivation, WorldInfoScanMessage } from '../worldinfo/types.js';
import { resolveSource } from './resolve-source.js';
import type { Character, GenerateContext, GenerateTaskDetails, GenerateTaskOptions } from './types.js';
import type { NormalizedOptions } from './validate-options.js';
import { entriesActivation, snapshotActivation } from './world-info-snapshot.js';

export interface AssembledPrompt {
  messages: ChatMessage[];
  worldInfo?: GenerateTaskDetails['worldInfo'];
}

/** The character card as one system block (SillyTavern's description / personality / scenario order). */
export function formatCharacterCard(character: Character): string {
  const parts = [`[Character: ${character.name}]`];
  if (character.description?.trim()) parts.push(character.description.trim());
  if (character.personality?.trim())
    parts.push(`${character.name}'s personality: ${character.personality.trim()}`);
  if (character.scenario?.trim()) parts.push(`Scenario: ${character.scenario.trim()}`);
  if (character.exampleDialogue?.trim()) parts.push(`Example dialogue:\n${character.exampleDialogue.trim()}`);
  return parts.join('\n');
}

/**
 * Builds the canonical prompt: the task's leading system messages, then world info placed before the
 * card, the character card, world info placed after it — merged into one system message — then the rest
 * of the task messages. Macros are substituted in every piece except tool results (those are data).
 */
export async function assemblePrompt(
  ctx: GenerateContext,
  options: GenerateTaskOptions,
  norm: NormalizedOptions,
): Promise<AssembledPrompt> {
  const [chat, persona, characters] = await Promise.all([
    resolveSource(ctx.chat),
    resolveSource(ctx.persona),
    resolveSource(ctx.characters),
  ]);
  const characterName = options.characterName ?? chat?.characterName;
  const character = characterName ? characters?.find((c) => c.name === characterName) : undefined;
  const env: MacroEnv = {
    user: persona?.name ?? 'User',
    char: character?.name ?? characterName ?? '',
    persona: persona?.description ?? '',
    variables: chat?.variables,
    globalVariables: ctx.globalVariables,
    seed: chat?.id,
    now: ctx.now,
  };
  const sub = (text: string) => (norm.substituteMacros ? substituteMacros(text, env) : text);

  const taskMessages: ChatMessage[] = norm.taskMessages.map((m) =>
    m.role === 'tool' ? m : ({ ...m, content: sub(m.content) } as ChatMessage),
  );

  let worldInfo: AssembledPrompt['worldInfo'];
  let activation: WorldInfoActivation | undefined;
  if (norm.worldInfoSnapshot) {
    // a ready snapshot short-circuits activation, whatever the source says (Luker's meaning)
    activation = snapshotActivation(norm.worldInfoSnapshot);
    worldInfo = { source: norm.worldInfoSource, reused: true, snapshot: true, trace: [] };
  } else if (norm.worldInfoSource === 'none' && norm.runtimeEntries.length > 0) {
    activation = entriesActivation(norm.runtimeEntries, norm.worldInfoType);
    worldInfo = { source: 'none', reused: true, snapshot: true, trace: activation.trace };
  } else if (norm.worldInfoSource !== 'none') {
    const reusable =
      norm.worldInfoSource === 'chat' &&
      !options.forceWorldInfoResimulate &&
      norm.runtimeEntries.length === 0 &&
      chat?.lastWorldInfoActivation;
    if (reusable) {
      activation = reusable;
    } else {
      const entries = [...((await resolveSource(ctx.worldInfo)) ?? []), ...norm.runtimeEntries];
      let scan: WorldInfoScanMessage[];
      if (norm.worldInfoSource === 'task') scan = taskMessages;
      else if (norm.worldInfoSource === 'chat')
        scan = (chat?.messages ?? []).map((m) => ({ ...m, content: sub(m.content) }));
      else scan = (options.customWorldInfoMessages ?? []).map((m) => ({ ...m, content: sub(m.content) }));
      const activator = ctx.worldInfoActivator ?? minimalWorldInfoActivator;
      activation = await activator.activate({
        entries,
        messages: scan,
        scanDepth: options.worldInfoScanDepth,
        generationType: norm.worldInfoType,
      });
    }
    worldInfo = { source: norm.worldInfoSource, reused: Boolean(reusable), trace: activation.trace };
  }

  // a snapshot's texts are ready: no macros run on them
  const wi = (text: string) => (norm.worldInfoSnapshot ? text : sub(text));
  const prelude = [
    activation ? wi(formatWorldInfo(activation.before)) : '',
    norm.includeCharacterCard && character ? sub(formatCharacterCard(character)) : '',
    activation ? wi(formatWorldInfo(activation.after)) : '',
  ].filter((part) => part.trim() !== '');

  let lead = 0;
  while (lead < taskMessages.length && taskMessages[lead].role === 'system') lead++;
  const systemText = [...taskMessages.slice(0, lead).map((m) => m.content), ...prelude].filter(
    (t) => t !== '',
  );
  const messages: ChatMessage[] = [];
  if (systemText.length) messages.push({ role: 'system', content: systemText.join('\n\n') });
  const rest = taskMessages.slice(lead);
  // depth entries go inside the conversation
  const atDepth = (activation?.atDepth ?? []).map((a) => ({
    ...a,
    entry: { ...a.entry, content: wi(a.entry.content) },
  }));
  messages.push(...(atDepth.length ? (insertWorldInfoAtDepth(rest, atDepth) as ChatMessage[]) : rest));
  return { messages, worldInfo };
}
