import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import en from '../../i18n/locales/en';
import { settingsDraft, settingsFromDraft } from './world-info-settings';

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
});

describe('chat world-info settings', () => {
  it('round-trips scan depth, budget and recursion', () => {
    const settings = {
      scanDepth: 4,
      budget: { limit: 300, unit: 'chars' as const },
      recursion: { enabled: true, maxDepth: 2 },
    };
    expect(settingsFromDraft(settingsDraft(settings))).toEqual({ ok: true, settings });
  });

  it('leaves empty fields unset so the engine defaults apply', () => {
    expect(settingsFromDraft(settingsDraft(undefined))).toEqual({ ok: true, settings: {} });
    const off = { ...settingsDraft(undefined), recursion: false, maxDepth: '5' };
    expect(settingsFromDraft(off)).toEqual({ ok: true, settings: { recursion: { enabled: false } } });
  });

  it('says which number is wrong', () => {
    expect(settingsFromDraft({ ...settingsDraft(undefined), budgetLimit: '0' })).toEqual({
      ok: false,
      error: 'Budget must be a whole number from 1 to 1000000, or empty.',
    });
    expect(settingsFromDraft({ ...settingsDraft(undefined), scanDepth: '2.5' }).ok).toBe(false);
    expect(settingsFromDraft({ ...settingsDraft(undefined), maxDepth: '11' }).ok).toBe(false);
  });
});
