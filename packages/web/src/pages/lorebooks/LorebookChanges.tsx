import type { LorebookChange } from '@toolsmith/core/api-schema';
import { useTranslation } from 'react-i18next';
import { FieldDiff } from '../../components/FieldDiff';

const SETTINGS = new Set(['description', 'scanDepth', 'caseSensitive', 'matchWholeWords']);

/**
 * What replacing a stored lorebook with an imported one changes (a lorebook file's review, a card's): the
 * book settings that differ, then each entry added, changed or removed, as line diffs. Open while Replace is
 * the choice.
 */
export function LorebookChanges({
  changes,
  unchangedEntries,
  open,
}: {
  changes: LorebookChange[];
  unchangedEntries: number;
  open: boolean;
}) {
  const { t } = useTranslation();
  return (
    <details className="lore-import-diff" open={open}>
      <summary>
        {t('lorebooks.importReview.differences', { count: changes.length })}
        {unchangedEntries > 0 && ` · ${t('lorebooks.importReview.unchanged', { count: unchangedEntries })}`}
      </summary>
      {changes.map((change) => (
        <FieldDiff
          key={`${change.kind}:${change.uid ?? change.label}`}
          label={
            change.kind !== 'setting'
              ? t(`lorebooks.importReview.change.${change.kind}`, { name: change.label })
              : SETTINGS.has(change.label)
                ? t(`lorebooks.importReview.setting.${change.label}`)
                : change.label
          }
          before={change.before}
          after={change.after}
        />
      ))}
    </details>
  );
}
