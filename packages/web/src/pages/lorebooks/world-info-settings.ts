// The chat's world-info activation settings as the drawer edits them (numbers as typed) and as the server
// stores them (`settings.worldInfo`; unset = the engine's defaults: scan depth 2, no budget, recursion 3 rounds).
import type { ChatWorldInfoSettings } from '../../api/types';
import { i18n } from '../../i18n/i18n';

export interface WorldInfoSettingsDraft {
  scanDepth: string;
  budgetLimit: string;
  budgetUnit: 'tokens' | 'chars';
  recursion: boolean;
  maxDepth: string;
}

export function settingsDraft(settings: ChatWorldInfoSettings | undefined): WorldInfoSettingsDraft {
  return {
    scanDepth: settings?.scanDepth === undefined ? '' : String(settings.scanDepth),
    budgetLimit: settings?.budget ? String(settings.budget.limit) : '',
    budgetUnit: settings?.budget?.unit ?? 'tokens',
    recursion: settings?.recursion?.enabled ?? true,
    maxDepth: settings?.recursion?.maxDepth === undefined ? '' : String(settings.recursion.maxDepth),
  };
}

const whole = (text: string, min: number, max: number): number | null | 'bad' => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : 'bad';
};

export type SettingsResult = { ok: true; settings: ChatWorldInfoSettings } | { ok: false; error: string };

export function settingsFromDraft(draft: WorldInfoSettingsDraft): SettingsResult {
  const settings: ChatWorldInfoSettings = {};
  const scanDepth = whole(draft.scanDepth, 0, 1000);
  if (scanDepth === 'bad') return { ok: false, error: i18n.t('activation.settings.scanDepth') };
  if (scanDepth !== null) settings.scanDepth = scanDepth;
  const limit = whole(draft.budgetLimit, 1, 1_000_000);
  if (limit === 'bad') return { ok: false, error: i18n.t('activation.settings.budget') };
  if (limit !== null) settings.budget = { limit, unit: draft.budgetUnit };
  const maxDepth = whole(draft.maxDepth, 0, 10);
  if (maxDepth === 'bad') return { ok: false, error: i18n.t('activation.settings.recursion') };
  if (!draft.recursion || maxDepth !== null) {
    settings.recursion = { enabled: draft.recursion };
    if (draft.recursion && maxDepth !== null) settings.recursion.maxDepth = maxDepth;
  }
  return { ok: true, settings };
}
