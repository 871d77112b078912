// A character card for Luker: Toolsmith's extension (tools, orchestration override) replaced by Luker's
// `extensions.orchestrator`, one active loop preset holding the character's tools and the override's own
// tools, with the override's loop prompt, limits and per-tool switches.
import { type CardData, exportCardJson, exportCardPng, type ToolDefinition } from '@toolsmith/core';
import { CARD_TOOLS_EXTENSION, lukerCardExtension } from '@toolsmith/core/internal';
import { characterOverride } from '../orchestration/character-override.js';
import { type ForeignFile, loopSettingsOf } from './export-formats.js';

export function lukerCard(
  card: CardData,
  tools: readonly ToolDefinition[],
  avatar: Uint8Array | undefined,
  format: 'luker' | 'luker-png',
): Omit<ForeignFile, 'fileName'> {
  const override = characterOverride({ card });
  const own = Array.isArray(override?.tools) ? (override.tools as ToolDefinition[]) : [];
  const { file, notes } = lukerCardExtension([...tools, ...own], {
    name: card.name,
    ...loopSettingsOf(override),
  });
  const extensions: CardData['extensions'] = { ...card.extensions, orchestrator: file };
  delete extensions[CARD_TOOLS_EXTENSION];
  if (override && override.mode !== undefined && override.mode !== 'loop')
    notes.push({
      tool: '(character)',
      field: 'orchestration',
      message: `The override runs the ${String(override.mode)} mode here; the Luker card carries its loop settings and tools only.`,
    });
  const lukerCardData: CardData = { ...card, extensions };
  if (format === 'luker-png') {
    const png = exportCardPng(lukerCardData, [], avatar);
    return {
      body: Buffer.from(png.buffer, png.byteOffset, png.byteLength),
      contentType: 'image/png',
      notes,
    };
  }
  return { body: exportCardJson(lukerCardData, []), contentType: 'application/json', notes };
}
