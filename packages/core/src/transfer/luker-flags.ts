// Luker's per-agent tool flags (`{ note, chat, lorebook, collab, finalize, custom: { NAME: bool } }`) and when
// they offer a custom tool. Luker keeps the switch outside the tool: a tool has no `enabled` field.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Luker's builtin flag groups (the custom map is walked separately). */
const BUILTIN_GROUPS = ['note', 'chat', 'lorebook'] as const;

/** Luker's legacy namespaces, now extension tools named `memory_<verb>` / `search_<verb>`. */
const LEGACY_NAMESPACES = ['memory', 'search'] as const;

/** The custom map of a flag bag, with legacy `memory.<verb>` / `search.<verb>` flags translated as Luker does. */
export function customFlags(flags: unknown): Record<string, boolean> {
  if (!isObject(flags)) return {};
  const out: Record<string, boolean> = {};
  for (const ns of LEGACY_NAMESPACES) {
    const legacy = flags[ns];
    if (!isObject(legacy)) continue;
    for (const [verb, on] of Object.entries(legacy)) out[`${ns}_${verb}`] = on !== false;
  }
  if (isObject(flags.custom)) for (const [name, on] of Object.entries(flags.custom)) out[name] = on !== false;
  return out;
}

/**
 * Whether a flag bag turns a tool loop on at all (Luker's `hasAnyToolEnabled`): spec nodes and agenda agents
 * get no tools unless some non-terminator flag is true.
 */
export function anyToolOn(flags: unknown): boolean {
  if (!isObject(flags)) return false;
  for (const group of BUILTIN_GROUPS) {
    const bag = flags[group];
    if (isObject(bag) && Object.values(bag).some((v) => v === true)) return true;
  }
  return Object.values(customFlags(flags)).some((v) => v === true);
}

/** Luker's extension tools of the old namespaces: off in a flag bag unless it names them. */
const isLegacyName = (name: string) => LEGACY_NAMESPACES.some((ns) => name.startsWith(`${ns}_`));

/** A custom tool is on unless switched off; the old namespaces' tools only when switched on. */
function switchedOn(flags: unknown, name: string): boolean {
  const value = customFlags(flags)[name];
  return isLegacyName(name) ? value === true : value !== false;
}

/**
 * Loop: the agent always runs a tool loop and every tool is offered unless its switch is explicitly off
 * (`tools.custom.NAME !== false`, Luker's default-on policy; memory and search tools too).
 */
export function offeredAlwaysOn(flags: unknown, name: string): boolean {
  return customFlags(flags)[name] !== false;
}

/**
 * Director: no tools block at all means every tool; a block (the director's, or an agent's own, which
 * replaces it) offers custom tools unless switched off, memory and search tools only when switched on.
 */
export function offeredByDirector(flags: unknown, name: string): boolean {
  return isObject(flags) ? switchedOn(flags, name) : true;
}

/**
 * Spec nodes and agenda agents: the first flag bag that is set (the node's, else the profile's
 * `defaultTools`) decides; none set, or one that turns nothing on, means no tools at all.
 */
export function offeredOptIn(flags: unknown, name: string): boolean {
  return anyToolOn(flags) && switchedOn(flags, name);
}

/**
 * A spec or agenda profile's `defaultTools` as Luker reads it: a profile without the key gets the seeded
 * default (memory and search on, so the tool loop runs and custom tools are offered); explicit `null` means
 * none.
 */
export function profileDefaultTools(holder: Json): unknown {
  if (!Object.hasOwn(holder, 'defaultTools') || holder.defaultTools === undefined) {
    return { custom: { search_search: true, search_visit: true } };
  }
  return holder.defaultTools;
}

/** The flags an agent runs with: its own bag when it has one (it replaces the default), else the default. */
export function resolveFlags(own: unknown, fallback: unknown): unknown {
  return isObject(own) ? own : fallback;
}

/** Luker's search tools are Toolsmith's web builtins: their switches carry over by these names. */
export const LUKER_BUILTIN_EQUIVALENTS: Readonly<Record<string, string>> = {
  search_search: 'web_search',
  search_visit: 'web_visit',
};
