import { useTranslation } from 'react-i18next';
import { lineDiff } from './line-diff';
import './components.css';

/**
 * One text before and after, as a line diff (added lines marked +, removed -, long unchanged runs folded):
 * what every review shows before something is overwritten — an import's Replace, a studio proposal.
 */
export function FieldDiff({
  label,
  before,
  after,
  className,
}: {
  label: string;
  before: string;
  after: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={`field-diff${className ? ` ${className}` : ''}`}
      aria-label={t('common.diffOf', { label })}
    >
      <div className="field-diff-label">{label}</div>
      <pre className="diff-lines">
        {lineDiff(before, after).map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's rows never reorder
          <span key={i} className={`diff-${row.kind}`}>
            {row.kind === 'add' ? '+ ' : row.kind === 'del' ? '- ' : '  '}
            {row.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </section>
  );
}
