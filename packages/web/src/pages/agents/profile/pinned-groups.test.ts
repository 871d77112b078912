import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import en from '../../../i18n/locales/en';
import { pinnedPickerGroups } from './pinned-groups';
import type { PanelTool } from './profile-model';

const t = (name: string, group: PanelTool['group'], extra: Partial<PanelTool> = {}): PanelTool => ({
  name,
  description: name,
  enabled: true,
  group,
  ...extra,
});

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
});

describe('pinned tools in the shared picker', () => {
  it('groups the editor’s tools by source, orchestration last, each name once per group', () => {
    const groups = pinnedPickerGroups([
      t('orchestration_note', 'builtin', { origin: 'orchestration' }),
      t('mira_mood', 'character', { character: 'Mira' }),
      t('weather', 'custom', { profile: true, kind: 'static' }),
      t('roll_dice', 'builtin', { kind: 'native' }),
      t('gate_status', 'custom', { kind: 'webhook' }),
      t('web_search', 'extension'),
      t('mira_mood', 'character', { character: 'Mira' }),
    ]);
    expect(groups.map((g) => [g.id, g.label, g.tools.map((x) => x.name)])).toEqual([
      ['custom', 'Custom', ['weather', 'gate_status']],
      ['builtin', 'Built-in', ['roll_dice']],
      ['extension', 'From extensions', ['web_search']],
      ['character:Mira', 'Mira’s tools', ['mira_mood']],
      ['orchestration', 'Orchestration', ['orchestration_note']],
    ]);
    expect(groups[0].tools[0]).toMatchObject({ tag: 'profile', kind: 'static' });
  });
});
