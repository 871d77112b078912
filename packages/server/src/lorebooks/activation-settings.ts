import type { LorebookActivationInput } from '@toolsmith/core';
import type { ChatWorldInfoSettings, ChatWorldInfoSettingsBody } from '@toolsmith/core/api-schema';

/** A chat's world-info activation settings (`chat.settings.worldInfo`); unset = the engine's defaults. */
export type { ChatWorldInfoSettings };

/**
 * `settings.worldInfo` of a chat body (its shape checked by the route schema) as stored: null or {} clears it,
 * null fields are left unset, a budget's unit defaults to tokens.
 */
export function worldInfoSettingsOf(body: ChatWorldInfoSettingsBody): ChatWorldInfoSettings {
  if (body === null) return {};
  const out: ChatWorldInfoSettings = {};
  if (typeof body.useGroupScoring === 'boolean') out.useGroupScoring = body.useGroupScoring;
  if (typeof body.scanDepth === 'number') out.scanDepth = body.scanDepth;
  if (body.budget) out.budget = { limit: body.budget.limit, unit: body.budget.unit ?? 'tokens' };
  if (body.recursion) {
    out.recursion = {};
    if (body.recursion.enabled !== undefined) out.recursion.enabled = body.recursion.enabled;
    if (body.recursion.maxDepth !== undefined) out.recursion.maxDepth = body.recursion.maxDepth;
  }
  return out;
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
