import type { ChatMessage, ToolRegistry, ToolSpec } from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import type { ScriptCharacter } from '../generation/hidden-context.js';
import { storedToDefinition } from '../routes/tool-input.js';
import { characterToolScope, type Storage, type StoredCharacter, type StoredChat } from '../storage/types.js';

/** The chat's characters in its order (the first one answers); ids of deleted characters are skipped. */
export async function loadChatCharacters(
  storage: Pick<Storage, 'characters'>,
  chat: Pick<StoredChat, 'characterIds'>,
): Promise<StoredCharacter[]> {
  const out: StoredCharacter[] = [];
  for (const id of chat.characterIds ?? []) {
    const character = await storage.characters.get(id);
    if (character) out.push(character);
  }
  return out;
}

/** A group member's card as one system block (the speaker's own card goes in through includeCharacterCard). */
function memberCard(character: StoredCharacter): string {
  const { card } = character;
  const parts = [`[Group member: ${card.name}]`];
  if (card.description.trim()) parts.push(card.description.trim());
  if (card.personality.trim()) parts.push(`${card.name}'s personality: ${card.personality.trim()}`);
  return parts.join('\n');
}

/**
 * System text the chat's characters add before the history: the speaker's system prompt, the other group
 * members' cards and the speaker's post-history instructions. The speaker's own card (description,
 * personality, scenario, example dialogue) comes from the core's `includeCharacterCard`.
 */
export function characterPromptMessages(characters: readonly StoredCharacter[]): ChatMessage[] {
  const [speaker, ...others] = characters;
  if (!speaker) return [];
  const out: ChatMessage[] = [];
  if (speaker.card.system_prompt?.trim())
    out.push({ role: 'system', content: speaker.card.system_prompt.trim() });
  if (others.length > 0) {
    out.push({
      role: 'system',
      content: [
        `This is a group chat with ${characters.map((c) => c.card.name).join(', ')}; you speak as ${speaker.card.name}.`,
        ...others.map(memberCard),
      ].join('\n\n'),
    });
  }
  // kept with the leading system text: adapters place system text there for every provider family
  if (speaker.card.post_history_instructions?.trim()) {
    out.push({ role: 'system', content: speaker.card.post_history_instructions.trim() });
  }
  return out;
}

/**
 * Adds the chat's characters' own tools (scope `character:<id>`) to the run's registry and, while tool use
 * is on, to what the model is offered. They come with their characters: the chat's tool list (which narrows
 * global, builtin and other tools) never hides them; only `settings.characterToolsOff` switches one off for
 * this chat. A name a global or builtin tool already has stays with that tool; between characters of a
 * group, the first listed wins.
 */
export async function addCharacterTools(
  context: Pick<AppContext, 'storage' | 'config'>,
  chat: Pick<StoredChat, 'settings'>,
  characters: readonly StoredCharacter[],
  registry: ToolRegistry,
  offered: ToolSpec[],
): Promise<ToolSpec[]> {
  const off = new Set(chat.settings.characterToolsOff ?? []);
  const out = [...offered];
  for (const character of characters) {
    for (const stored of await context.storage.tools.list(characterToolScope(character.id))) {
      if (registry.resolve(stored.name)) continue;
      const definition = storedToDefinition(stored);
      registry.register(definition, { layer: 'custom' });
      if (!chat.settings.toolUse || !definition.enabled) continue;
      if (off.has(definition.name)) continue;
      if (definition.kind === 'script' && !context.config.customToolScriptEnabled) continue;
      out.push({
        name: definition.name,
        description: definition.description,
        parameters: definition.parameters,
      });
    }
  }
  return out;
}

/** A character as scripts see it in `ctx.characters` (no extensions: those may carry other tools). */
export function scriptCharacter(character: StoredCharacter): ScriptCharacter {
  const { card } = character;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  return {
    id: character.id,
    name: card.name,
    description: text(card.description),
    personality: text(card.personality),
    scenario: text(card.scenario),
    first_mes: text(card.first_mes),
    mes_example: text(card.mes_example),
    creator_notes: text(card.creator_notes),
    system_prompt: text(card.system_prompt),
    post_history_instructions: text(card.post_history_instructions),
    alternate_greetings: list(card.alternate_greetings),
    tags: list(card.tags),
  };
}
