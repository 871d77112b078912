import type { LorebookActivationInput } from '@toolsmith/core';

/** A chat's world-info activation settings (`chat.settings.worldInfo`); unset = the engine's defaults. */
export interface ChatWorldInfoSettings {
  /** how many of the latest messages are scanned (engine default 2; books and entries may say otherwise) */
  scanDepth?: number;
  /** the most tokens or characters activated entries may take; later, lower-priority entries are dropped */
  budget?: { limit: number; unit: 'tokens' | 'chars' };
  /** entries activating entries (engine default: on, 3 rounds) */
  recursion?: { enabled?: boolean; maxDepth?: number };
  /** inclusion groups pick by key matches first (SillyTavern's "Use group scoring"; entries may override) */
  useGroupScoring?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const wholeNumber = (v: unknown, min: number, max: number): v is number =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

export const MAX_WORLD_INFO_BUDGET = 1_000_000;
export const MAX_RECURSION_DEPTH = 10;

/**
 * Checks `settings.worldInfo` (null or {} clears it). Problems are reported through `add` with the field
 * path under `settings.worldInfo`; returns undefined when there were any.
 */
export function parseWorldInfoSettings(
  raw: unknown,
  add: (field: string, message: string) => void,
): ChatWorldInfoSettings | undefined {
  const at = 'settings.worldInfo';
  if (raw === null) return {};
  if (!isObject(raw)) {
    add(at, `${at} must be an object { scanDepth?, budget?, recursion?, useGroupScoring? } or null.`);
    return undefined;
  }
  let ok = true;
  const fail = (field: string, message: string) => {
    ok = false;
    add(field, message);
  };
  const out: ChatWorldInfoSettings = {};
  for (const key of Object.keys(raw)) {
    if (!['scanDepth', 'budget', 'recursion', 'useGroupScoring'].includes(key)) {
      fail(
        `${at}.${key}`,
        `Unknown field "${key}". Known fields: scanDepth, budget, recursion, useGroupScoring.`,
      );
    }
  }
  if (raw.useGroupScoring !== undefined && raw.useGroupScoring !== null) {
    if (typeof raw.useGroupScoring === 'boolean') out.useGroupScoring = raw.useGroupScoring;
    else fail(`${at}.useGroupScoring`, `${at}.useGroupScoring must be true or false.`);
  }
  if (raw.scanDepth !== undefined && raw.scanDepth !== null) {
    if (wholeNumber(raw.scanDepth, 0, 1_000)) out.scanDepth = raw.scanDepth;
    else fail(`${at}.scanDepth`, `${at}.scanDepth must be a whole number from 0 to 1000.`);
  }
  if (raw.budget !== undefined && raw.budget !== null) {
    const budget = raw.budget;
    const unit = isObject(budget) ? (budget.unit ?? 'tokens') : undefined;
    if (
      isObject(budget) &&
      wholeNumber(budget.limit, 1, MAX_WORLD_INFO_BUDGET) &&
      (unit === 'tokens' || unit === 'chars') &&
      Object.keys(budget).every((k) => k === 'limit' || k === 'unit')
    ) {
      out.budget = { limit: budget.limit as number, unit };
    } else {
      fail(
        `${at}.budget`,
        `${at}.budget must be { limit: 1–${MAX_WORLD_INFO_BUDGET}, unit: "tokens" | "chars" } or null.`,
      );
    }
  }
  if (raw.recursion !== undefined && raw.recursion !== null) {
    const recursion = raw.recursion;
    if (
      isObject(recursion) &&
      (recursion.enabled === undefined || typeof recursion.enabled === 'boolean') &&
      (recursion.maxDepth === undefined || wholeNumber(recursion.maxDepth, 0, MAX_RECURSION_DEPTH)) &&
      Object.keys(recursion).every((k) => k === 'enabled' || k === 'maxDepth')
    ) {
      out.recursion = {};
      if (recursion.enabled !== undefined) out.recursion.enabled = recursion.enabled as boolean;
      if (recursion.maxDepth !== undefined) out.recursion.maxDepth = recursion.maxDepth as number;
    } else {
      fail(
        `${at}.recursion`,
        `${at}.recursion must be { enabled?: true | false, maxDepth?: 0–${MAX_RECURSION_DEPTH} } or null.`,
      );
    }
  }
  return ok ? out : undefined;
}

/** The settings as activation input (only what is set, so the engine's defaults apply to the rest). */
export function activationOptions(
  settings: ChatWorldInfoSettings | undefined,
): Pick<LorebookActivationInput, 'scanDepth' | 'budget' | 'recursion'> {
  const out: Pick<LorebookActivationInput, 'scanDepth' | 'budget' | 'recursion'> = {};
  if (settings?.scanDepth !== undefined) out.scanDepth = settings.scanDepth;
  if (settings?.budget) out.budget = { ...settings.budget };
  if (settings?.recursion) out.recursion = { ...settings.recursion };
  return out;
}
