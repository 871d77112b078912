// The profile editor's rules, as pure functions (unit-tested): tool groups, what a mode or node offers, how a
// checkbox becomes a switch or an override, agent slots, and the JSON view.
import type {
  AgentSlot,
  CatalogTool,
  ModeSwitches,
  OrchestrationMode,
  OrchestrationProfile,
  ProfileAgent,
  ProfileTool,
} from '../../../api/types';

/** A tool as the panels show it: a catalog entry, or one of the profile's own tools. */
export interface PanelTool {
  name: string;
  displayName?: string;
  description: string;
  /** the tool's own default (a category left on keeps it) */
  enabled: boolean;
  group: CatalogTool['group'];
  /** one of the profile's own tools */
  profile?: boolean;
  /** a character's tool: whose */
  character?: string;
  /** builtin group: the orchestration's own outcome tools */
  origin?: 'orchestration';
  kind?: string;
}

/** The switch panels' groups; their labels are agents.profile.tools.group.<id> in the locales. */
export const GROUPS: Array<CatalogTool['group']> = ['custom', 'builtin', 'extension', 'character'];

/** The profile's tools first (they shadow stored ones of the same name), then the catalog's. */
export function panelTools(
  catalog: readonly CatalogTool[],
  profileTools: readonly ProfileTool[],
): PanelTool[] {
  const own = profileTools.map(
    (t): PanelTool => ({
      name: t.name,
      displayName: t.displayName || undefined,
      description: t.description,
      enabled: t.enabled !== false,
      group: 'custom',
      profile: true,
      kind: t.kind,
    }),
  );
  const taken = new Set(own.map((t) => t.name));
  const rest = catalog
    .filter((t) => !(t.group === 'custom' && taken.has(t.name)))
    .map(
      (t): PanelTool => ({
        name: t.name,
        displayName: t.displayName,
        description: t.description,
        enabled: t.enabled,
        group: t.group,
        character: t.character?.name,
        kind: t.kind,
        ...(t.origin ? { origin: t.origin } : {}),
      }),
    );
  return [...own, ...rest];
}

/** The mode switches' categories: custom (custom, profile and character tools) or builtin (the rest). */
export function categoryOf(tool: Pick<PanelTool, 'group'>): 'custom' | 'builtin' {
  return tool.group === 'custom' || tool.group === 'character' ? 'custom' : 'builtin';
}

/** Whether a mode offers a tool: its per-tool switch, else its category (a category on keeps the tool's default). */
export function modeOffers(tool: PanelTool, switches: ModeSwitches): boolean {
  const explicit = switches.tools?.[tool.name];
  if (explicit !== undefined) return explicit;
  return switches[categoryOf(tool)] ? tool.enabled : false;
}

/** A checkbox of a mode's panel: an explicit switch, dropped again when it says what the category says. */
export function toggleModeTool(switches: ModeSwitches, tool: PanelTool, on: boolean): ModeSwitches {
  const tools = { ...(switches.tools ?? {}) };
  const inherited = switches[categoryOf(tool)] ? tool.enabled : false;
  if (on === inherited) delete tools[tool.name];
  else tools[tool.name] = on;
  const out: ModeSwitches = { custom: switches.custom, builtin: switches.builtin };
  if (Object.keys(tools).length > 0) out.tools = tools;
  return out;
}

/** What a node gets before its overrides: its agent's pinned list when set, else what the mode offers. */
export function nodeInherits(tool: PanelTool, switches: ModeSwitches, pinned: readonly string[]): boolean {
  return pinned.length > 0 ? pinned.includes(tool.name) : modeOffers(tool, switches);
}

/** Whether a node is offered a tool: its override shadows the inherited state either way. */
export function nodeOffers(
  tool: PanelTool,
  switches: ModeSwitches,
  pinned: readonly string[],
  overrides: Record<string, boolean> | undefined,
): boolean {
  return overrides?.[tool.name] ?? nodeInherits(tool, switches, pinned);
}

/** A checkbox of a node's panel: an override, dropped when it matches what the node inherits. */
export function toggleNodeTool(
  overrides: Record<string, boolean> | undefined,
  tool: PanelTool,
  on: boolean,
  inherited: boolean,
): Record<string, boolean> | undefined {
  const out = { ...(overrides ?? {}) };
  if (on === inherited) delete out[tool.name];
  else out[tool.name] = on;
  return Object.keys(out).length > 0 ? out : undefined;
}

export const isRef = (slot: AgentSlot): slot is { agentId: string } => 'agentId' in slot;

/** The pinned list of a slot (a stored agent's own list when the slot refers to one). */
export function pinnedOf(slot: AgentSlot, stored: ReadonlyArray<{ id: string; tools: string[] }>): string[] {
  if (isRef(slot)) return stored.find((a) => a.id === slot.agentId)?.tools ?? [];
  return slot.tools;
}

export function newAgent(name: string): ProfileAgent {
  return { name, systemPrompt: '', tools: [] };
}

/** A name not yet in `taken`: base, base_2, base_3, … */
export function freeName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let i = 2; ; i++) if (!taken.includes(`${base}_${i}`)) return `${base}_${i}`;
}

/** Renames a spec node and every input that names it. */
export function renameSpecNode(
  nodes: OrchestrationProfile['spec']['nodes'],
  index: number,
  name: string,
): OrchestrationProfile['spec']['nodes'] {
  const old = nodes[index].name;
  return nodes.map((n, i) => ({
    ...n,
    ...(i === index ? { name } : {}),
    inputs: n.inputs.map((input) => (input === old ? name : input)),
  }));
}

/** Removes a spec node and every input that names it. */
export function removeSpecNode(
  nodes: OrchestrationProfile['spec']['nodes'],
  index: number,
): OrchestrationProfile['spec']['nodes'] {
  const old = nodes[index].name;
  return nodes
    .filter((_, i) => i !== index)
    .map((n) => ({ ...n, inputs: n.inputs.filter((x) => x !== old) }));
}

const EMPTY_SWITCHES: ModeSwitches = { custom: true, builtin: true };

/** A profile body with every part the forms show (a hand-written JSON may leave parts out). */
export function withDefaults(raw: Partial<OrchestrationProfile>): OrchestrationProfile {
  const modes = { ...(raw.modes ?? {}) } as Partial<Record<OrchestrationMode, ModeSwitches>>;
  return {
    mode: raw.mode ?? 'loop',
    tools: raw.tools ?? [],
    modes: {
      loop: modes.loop ?? EMPTY_SWITCHES,
      director: modes.director ?? EMPTY_SWITCHES,
      spec: modes.spec ?? EMPTY_SWITCHES,
      agenda: modes.agenda ?? EMPTY_SWITCHES,
    },
    loop: raw.loop ?? { agent: newAgent('planner') },
    director: { agent: newAgent('director'), subAgents: [], ...(raw.director ?? {}) },
    spec: { nodes: [], ...(raw.spec ?? {}) },
    agenda: { planner: newAgent('planner'), agents: [], items: [], ...(raw.agenda ?? {}) },
    limits: raw.limits ?? {},
  };
}

export const profileJson = (profile: OrchestrationProfile): string => JSON.stringify(profile, null, 2);

/** The JSON view's text as a profile, or why the forms cannot show it. */
export function parseProfileJson(text: string): { profile: OrchestrationProfile } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { error: `The profile is not valid JSON: ${(e as Error).message}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { error: 'The profile must be a JSON object.' };
  return { profile: withDefaults(parsed as Partial<OrchestrationProfile>) };
}
