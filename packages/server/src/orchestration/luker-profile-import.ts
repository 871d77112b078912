import { reservedToolNames } from '@toolsmith/core';
import type { LukerProfileImportAnswer } from '@toolsmith/core/api-schema';
import {
  convertLukerProfile,
  defaultOrchestrationProfile,
  lukerOverride,
  ORCHESTRATION_TOOL_NAMES,
  planToolImport,
} from '@toolsmith/core/internal';
import type { AppContext } from '../app/context.js';
import { HttpError } from '../app/http-error.js';
import { checkProfileBody, loadGlobalProfile } from './profile-store.js';

export const MSG_NOT_LUKER_PROFILE =
  'Not a Luker orchestrator profile: expected a profile file (format luker_orchestrator_profile_v1 … v4) or a character card with Luker orchestrator settings (data.extensions.orchestrator).';

/** The import's answer before it is applied (or not). */
export type LukerProfileImportPlan = Omit<LukerProfileImportAnswer, 'applied' | 'historyId'>;

/**
 * A Luker profile file laid into the global profile: each mode it has replaces that mode's part (agents,
 * sub-agents, nodes), its tool switches become the mode's switches and per-node overrides, and its custom
 * tools become profile tools (same name: replaced), script tools switched off for review like any import.
 * The profile's mode becomes the file's. Checked like `PUT /api/orchestration`; nothing is stored here.
 */
export async function planLukerProfileImport(
  context: AppContext,
  doc: unknown,
): Promise<LukerProfileImportPlan> {
  const conversion = convertLukerProfile(doc);
  if (!conversion) throw new HttpError(400, MSG_NOT_LUKER_PROFILE, { code: 'import_refused' });
  const { storage, config } = context;
  const { override, warnings } = lukerOverride(conversion, {
    connections: (await storage.connections.list()).map((c) => c.name),
    presets: (await storage.presets.list()).map((p) => p.name),
  });
  const reservedNames = reservedToolNames(context.builtins.map((b) => b.name));
  const toolPlan = planToolImport(
    conversion.profile.tools.map((tool) => ({ tool, format: 'luker' as const })),
    {
      reservedNames: [...reservedNames, ...ORCHESTRATION_TOOL_NAMES],
      localWebhooksEnabled: config.webhookLocalUrlsEnabled,
      // the profile's modes and nodes name its tools: a reserved one is skipped, not renamed under them
      renameReserved: false,
    },
  );
  const global = (await loadGlobalProfile(storage)) ?? defaultOrchestrationProfile();
  const incoming = new Set(toolPlan.tools.map((t) => t.name));
  const next = {
    ...global,
    ...override,
    modes: { ...global.modes, ...(override.modes as object) },
    limits: { ...global.limits, ...((override.limits as object | undefined) ?? {}) },
    tools: [...global.tools.filter((t) => !incoming.has(t.name)), ...toolPlan.tools],
  };
  const profile = await checkProfileBody(next, {
    storage,
    reservedNames,
    // imported scripts are stored switched off; they stay valid when scripts are enabled later
    scriptsEnabled: true,
    localWebhooksEnabled: config.webhookLocalUrlsEnabled,
  });
  const before = new Set(global.tools.map((t) => t.name));
  const requested = new Map(toolPlan.review.map((r) => [r.name, r]));
  return {
    format: conversion.format,
    mode: conversion.mode,
    profile,
    tools: toolPlan.tools.map((tool) => ({
      ...(requested.get(tool.name) ?? {
        name: tool.name,
        kind: tool.kind,
        origin: null,
        requestedEnabled: tool.enabled,
        requestedHiddenContext: false,
        requestedFetch: false,
      }),
      mode: tool.mode,
      enabledAfterImport: tool.enabled,
      replaces: before.has(tool.name),
    })),
    skipped: toolPlan.skipped,
    warnings: [...conversion.warnings, ...warnings],
  };
}
