import { randomBytes } from 'node:crypto';
import type { OrchestrationMode, ToolDefinition } from '@toolsmith/core';
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import { HttpError } from '../app/http-error.js';
import type { StoredProfile } from '../orchestration/profile-store.js';
import type { Proposal, ProposalChange, TextEdit } from './types.js';

const { applyPatch, deepClone } = fastJsonPatch;

/** A change that cannot be applied to the profile as it is: the message says why and what to do. */
export class ProposalError extends Error {}

type NodeHolder = { name: string; toolOverrides?: Record<string, boolean> };

/** The nodes of a mode that can carry tool overrides (sub-agents, spec nodes, agenda agents). */
function nodesOf(profile: StoredProfile, mode: OrchestrationMode): NodeHolder[] {
  if (mode === 'director') return profile.director.subAgents;
  if (mode === 'spec') return profile.spec.nodes;
  if (mode === 'agenda') return profile.agenda.agents;
  return [];
}

function findTool(profile: StoredProfile, name: string): ToolDefinition {
  const tool = profile.tools.find((t) => t.name === name);
  if (!tool) {
    const own = profile.tools.map((t) => t.name).join(', ') || 'none';
    throw new ProposalError(
      `"${name}" is not one of the profile's own tools (${own}). Functions and builtin tools are not changed from the Studio: propose a profile tool with set (it shadows a Functions tool of the same name).`,
    );
  }
  return tool;
}

function applyEdits(tool: ToolDefinition, edits: readonly TextEdit[]): ToolDefinition {
  const out = { ...tool } as ToolDefinition & Record<string, unknown>;
  for (const [i, edit] of edits.entries()) {
    const text = String(out[edit.field] ?? '');
    const at = text.indexOf(edit.find);
    if (edit.find === '' || at === -1)
      throw new ProposalError(`edits[${i}]: the text to find is not in the ${edit.field} of "${tool.name}".`);
    if (text.indexOf(edit.find, at + 1) !== -1)
      throw new ProposalError(
        `edits[${i}]: the text to find occurs more than once in the ${edit.field} of "${tool.name}"; include more of the surrounding text.`,
      );
    out[edit.field] = text.slice(0, at) + edit.replace + text.slice(at + edit.find.length);
  }
  return out;
}

function patchJson<T>(doc: T, ops: Operation[], what: string): T {
  try {
    return applyPatch(deepClone(doc), ops, true, false).newDocument as T;
  } catch (error) {
    throw new ProposalError(
      `The JSON patch of ${what} does not apply: ${(error as Error).message.split('\n')[0]}`,
    );
  }
}

/**
 * The profile with one change applied (never in place). Tools the agent creates as webhook or script tools
 * arrive switched off with hidden context off, like imports.
 */
export function applyChange(profile: StoredProfile, change: ProposalChange): StoredProfile {
  const next = deepClone(profile) as StoredProfile;
  switch (change.kind) {
    case 'set': {
      const created = !next.tools.some((t) => t.name === change.tool.name);
      const guarded = arrivesDisabled(change, profile)
        ? { ...change.tool, enabled: false, includeHiddenContext: false }
        : {
            ...change.tool,
            enabled: created ? true : (next.tools.find((t) => t.name === change.tool.name)?.enabled ?? true),
          };
      next.tools = created
        ? [...next.tools, guarded]
        : next.tools.map((t) => (t.name === guarded.name ? guarded : t));
      return next;
    }
    case 'patch': {
      const tool = applyEdits(findTool(next, change.name), change.edits);
      if (change.schemaPatch.length > 0)
        tool.parameters = patchJson(tool.parameters, change.schemaPatch, 'the schema');
      next.tools = next.tools.map((t) => (t.name === change.name ? tool : t));
      return next;
    }
    case 'remove':
      findTool(next, change.name);
      next.tools = next.tools.filter((t) => t.name !== change.name);
      return next;
    case 'toggle': {
      if (change.node === undefined) {
        const switches = { ...next.modes[change.mode] };
        const tools = { ...(switches.tools ?? {}) };
        if (change.on === null) delete tools[change.name];
        else tools[change.name] = change.on;
        next.modes = { ...next.modes, [change.mode]: { ...switches, tools } };
        return next;
      }
      const node = nodesOf(next, change.mode).find((n) => n.name === change.node);
      if (!node) {
        const names = nodesOf(next, change.mode).map((n) => n.name);
        throw new ProposalError(
          `The ${change.mode} mode has no node named "${change.node}"${names.length ? ` (nodes: ${names.join(', ')})` : ' (it has no nodes that take overrides)'}.`,
        );
      }
      const overrides = { ...(node.toolOverrides ?? {}) };
      if (change.on === null) delete overrides[change.name];
      else overrides[change.name] = change.on;
      if (Object.keys(overrides).length) node.toolOverrides = overrides;
      else delete node.toolOverrides;
      return next;
    }
    case 'edit_profile': {
      const bad = change.patch.find((op) => op.path === '/tools' || op.path.startsWith('/tools/'));
      if (bad)
        throw new ProposalError("Change the profile's tools with set, patch and remove, not edit_profile.");
      return patchJson(next, change.patch, 'the profile');
    }
  }
}

/** A set of a new webhook or script tool: stored switched off until the user turns it on. */
export function arrivesDisabled(change: ProposalChange, profile: StoredProfile): boolean {
  return (
    change.kind === 'set' &&
    (change.tool.kind === 'webhook' || change.tool.kind === 'script') &&
    !profile.tools.some((t) => t.name === change.tool.name)
  );
}

export function titleOf(change: ProposalChange, profile: StoredProfile): string {
  switch (change.kind) {
    case 'set':
      return profile.tools.some((t) => t.name === change.tool.name)
        ? `Replace profile tool ${change.tool.name}`
        : `Create ${change.tool.kind} tool ${change.tool.name}`;
    case 'patch':
      return `Edit profile tool ${change.name}`;
    case 'remove':
      return `Remove profile tool ${change.name}`;
    case 'toggle': {
      const state = change.on === null ? 'Reset' : change.on ? 'Switch on' : 'Switch off';
      return `${state} ${change.name} for ${change.node ? `node ${change.node} (${change.mode})` : `the ${change.mode} mode`}`;
    }
    case 'edit_profile':
      return `Edit the profile (${change.patch.map((op) => `${op.op} ${op.path}`).join(', ')})`;
  }
}

/** The part of the profile a toggle or profile edit touches, for the review card's before/after. */
function affected(profile: StoredProfile, change: ProposalChange): unknown {
  if (change.kind === 'toggle') {
    if (change.node === undefined) return profile.modes[change.mode];
    return nodesOf(profile, change.mode).find((n) => n.name === change.node)?.toolOverrides ?? {};
  }
  const { tools: _tools, ...rest } = profile;
  return rest;
}

/**
 * A proposal for a change, checked against the profile as it is now (`check` validates the result like
 * PUT /api/orchestration and throws its 400). Its before/after parts feed the review card.
 */
export async function buildProposal(
  profile: StoredProfile,
  change: ProposalChange,
  reason: string,
  check: (profile: StoredProfile) => Promise<StoredProfile>,
): Promise<Proposal> {
  const after = await checked(applyChange(profile, change), check);
  const toolName =
    change.kind === 'set'
      ? change.tool.name
      : change.kind === 'toggle' || change.kind === 'edit_profile'
        ? undefined
        : change.name;
  const proposal: Proposal = {
    id: `pr_${randomBytes(9).toString('base64url')}`,
    status: 'pending',
    title: titleOf(change, profile),
    reason,
    change,
    toolBefore: toolName ? (profile.tools.find((t) => t.name === toolName) ?? null) : null,
    toolAfter: toolName ? (after.tools.find((t) => t.name === toolName) ?? null) : null,
    arrivesDisabled: arrivesDisabled(change, profile),
    dryRuns: [],
    createdAt: new Date().toISOString(),
  };
  if (change.kind === 'toggle' || change.kind === 'edit_profile') {
    proposal.profileBefore = affected(profile, change);
    proposal.profileAfter = affected(after, change);
  }
  return proposal;
}

/** Runs the profile check; its field problems become one ProposalError naming each. */
export async function checked(
  profile: StoredProfile,
  check: (profile: StoredProfile) => Promise<StoredProfile>,
): Promise<StoredProfile> {
  try {
    return await check(profile);
  } catch (error) {
    if (error instanceof HttpError && error.extra.details?.length) {
      throw new ProposalError(
        `The profile would not be valid: ${error.extra.details.map((d) => `${d.field}: ${d.message}`).join(' ')}`,
      );
    }
    throw error;
  }
}
