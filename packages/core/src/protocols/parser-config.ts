import { codeMarkers, REASONING_MARKERS, reasoningMarkers, TRIGGER_MARKER } from './common-markers.js';
import { FAMILY_PARSERS } from './families/index.js';
import { INVENTED_RESULT_MARKERS } from './invented-results.js';
import { type MarkerSpec, MarkerTable } from './marker-table.js';
import type { ParserState } from './parser-context.js';
import type { ReasoningTags } from './parser-types.js';
import { familyForModel, type ToolCallFamily, type ToolCallFormat } from './tool-call-formats.js';
import { TURN_END_MARKERS } from './turn-end.js';

export interface ParserConfig {
  table: MarkerTable;
  preferred?: ToolCallFamily;
  /** the preferred family's state for the start of a reply, if it has one */
  replyStart?: () => ParserState;
}

/** Families whose calls also come as fenced JSON blocks. */
const FENCED_JSON_FAMILIES = new Set<ToolCallFamily>(['llama3', 'xlam', 'hermes', 'rwkv']);

const cache = new Map<string, ParserConfig>();

/**
 * The markers a parser reads: reasoning tags, end-of-turn tokens, tool results the model invented after its
 * call, our trigger protocol and code spans always; then every
 * family (`auto`) or the chosen one. The family the format names, or under `auto` the one the model name
 * identifies, is preferred: its looser forms count too. Built once per combination.
 */
export function parserConfig(
  format: ToolCallFormat = 'auto',
  model?: string,
  reasoningTags?: ReasoningTags,
): ParserConfig {
  const preferred = format === 'auto' ? familyForModel(model) : format;
  const custom = reasoningTags ? `${reasoningTags.open}\u0000${reasoningTags.close}` : '';
  const key = `${format}|${preferred ?? ''}|${custom}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const families = format === 'auto' ? FAMILY_PARSERS : FAMILY_PARSERS.filter((f) => f.id === format);
  const fencedJson = format === 'auto' || FENCED_JSON_FAMILIES.has(format);
  const specs = new Set<MarkerSpec>([
    ...REASONING_MARKERS,
    ...(reasoningTags ? reasoningMarkers([[reasoningTags.open, reasoningTags.close]]) : []),
    ...TURN_END_MARKERS,
    ...INVENTED_RESULT_MARKERS,
    TRIGGER_MARKER,
    ...codeMarkers(fencedJson),
  ]);
  for (const family of families) {
    for (const spec of family.markers({ preferred: family.id === preferred })) specs.add(spec);
  }
  const replyStart = families.find((family) => family.id === preferred)?.replyStart;
  const config: ParserConfig = { table: new MarkerTable([...specs]), preferred, replyStart };
  cache.set(key, config);
  return config;
}
