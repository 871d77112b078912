// Finds Luker's orchestrator profiles in a document: a portable profile file (formats V1 spec, V2 agenda,
// V3 director, V4 loop) or a character card's `extensions.orchestrator` (preset libraries per mode with the
// active one named, or the legacy `override.<mode>`).
import type { OrchestrationMode } from '../orchestration/types.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Luker's portable profile formats and the mode each one carries. */
export const LUKER_PROFILE_FORMATS: Readonly<Record<string, OrchestrationMode>> = {
  luker_orchestrator_profile_v1: 'spec',
  luker_orchestrator_profile_v2: 'agenda',
  luker_orchestrator_profile_v3: 'director',
  luker_orchestrator_profile_v4: 'loop',
};

/** The order Luker lists its modes in (used to pick a card's mode when nothing else decides). */
const MODE_ORDER: readonly OrchestrationMode[] = ['spec', 'agenda', 'loop', 'director'];

/** One mode's profile as Luker stores it (spec: `{ spec, presets }`; the others: the profile itself). */
export interface LukerPayload {
  mode: OrchestrationMode;
  body: Json;
  /** the preset's name in Luker's library, when it has one */
  name?: string;
}

export interface LukerDocument {
  /** `luker_orchestrator_profile_vN`, or `luker_card` for a card's orchestrator extension */
  format: string;
  /** the mode the file is for (a card: the mode it pins, else its most recently saved one) */
  mode: OrchestrationMode;
  payloads: LukerPayload[];
}

const isMode = (value: unknown): value is OrchestrationMode =>
  typeof value === 'string' && (MODE_ORDER as readonly string[]).includes(value);

/** A director profile may arrive wrapped (`{ director: {...} }`, Luker's older V3 files). */
function directorBody(body: Json): Json {
  return isObject(body.director) ? { ...body, ...body.director } : body;
}

/** A spec payload is `{ spec, presets }`; a bare spec (`{ stages, ... }`) gets an empty preset map. */
function specBody(body: Json): Json {
  if (isObject(body.spec)) return body;
  return Array.isArray(body.stages) ? { spec: body, presets: {} } : body;
}

function payload(mode: OrchestrationMode, body: Json, name?: string): LukerPayload {
  const shaped = mode === 'director' ? directorBody(body) : mode === 'spec' ? specBody(body) : body;
  return { mode, body: shaped, ...(name ? { name } : {}) };
}

/** A portable profile file: `{ format, mode, name?, exportedAt, profile }`. */
function fromPortable(doc: Json): LukerDocument | undefined {
  const format = typeof doc.format === 'string' ? doc.format : '';
  const formatMode = LUKER_PROFILE_FORMATS[format];
  if (!formatMode) return undefined;
  const mode = isMode(doc.mode) ? doc.mode : formatMode;
  const body = isObject(doc.profile) ? doc.profile : doc;
  const name = typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : undefined;
  return { format, mode, payloads: [payload(mode, body, name)] };
}

const updatedAt = (body: Json): number => (typeof body.updatedAt === 'number' ? body.updatedAt : 0);

/** A card's `extensions.orchestrator`: the active preset of each mode's library, else the legacy override. */
export function fromCardExtension(ext: unknown): LukerDocument | undefined {
  if (!isObject(ext)) return undefined;
  const payloads: LukerPayload[] = [];
  const libraries = isObject(ext.presetLibraries) ? ext.presetLibraries : {};
  const active = isObject(ext.activePresetIds) ? ext.activePresetIds : {};
  const override = isObject(ext.override) ? ext.override : {};
  // in the order the card lists them, then the rest
  const listed = [...Object.keys(libraries), ...Object.keys(override)].filter(isMode);
  for (const mode of [...new Set([...listed, ...MODE_ORDER])]) {
    const library = libraries[mode];
    if (isObject(library) && Object.keys(library).length > 0) {
      const id =
        typeof active[mode] === 'string' && isObject(library[active[mode]]) ? active[mode] : undefined;
      const entry = library[id ?? Object.keys(library).find((k) => isObject(library[k])) ?? ''];
      if (isObject(entry)) {
        payloads.push(payload(mode, entry, typeof entry.name === 'string' ? entry.name : undefined));
        continue;
      }
    }
    if (mode === 'spec' && (isObject(override.spec) || isObject(override.presets))) {
      payloads.push(payload('spec', { spec: override.spec ?? {}, presets: override.presets ?? {} }));
    } else if (mode !== 'spec' && isObject(override[mode])) {
      payloads.push(payload(mode, override[mode] as Json));
    }
  }
  if (payloads.length === 0) return undefined;
  const pinned = isMode(override.mode) ? payloads.find((p) => p.mode === override.mode) : undefined;
  const newest = [...payloads].sort((a, b) => updatedAt(b.body) - updatedAt(a.body))[0];
  const mode = (pinned ?? (updatedAt(newest.body) > 0 ? newest : payloads[0])).mode;
  return { format: 'luker_card', mode, payloads };
}

/**
 * Luker's profiles in a parsed JSON document: a portable profile file, a card's orchestrator extension, or a
 * whole card (`data.extensions.orchestrator`). Undefined when the document is none of these.
 */
export function readLukerDocument(doc: unknown): LukerDocument | undefined {
  if (!isObject(doc)) return undefined;
  const portable = fromPortable(doc);
  if (portable) return portable;
  if (isObject(doc.data) && isObject(doc.data.extensions))
    return fromCardExtension(doc.data.extensions.orchestrator);
  if (isObject(doc.extensions)) return fromCardExtension(doc.extensions.orchestrator);
  if (isObject(doc.presetLibraries) || isObject(doc.override)) return fromCardExtension(doc);
  return undefined;
}
