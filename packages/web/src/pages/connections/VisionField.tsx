import { useTranslation } from 'react-i18next';

export type VisionChoice = '' | 'on' | 'off';

/** Whether the model reads images (docs/api.md, "Images"): not set, yes, or text only (images become a note). */
export function VisionField({
  value,
  onChange,
  error,
}: {
  value: VisionChoice;
  onChange: (next: VisionChoice) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <label>
      {t('connVision.label')}
      <select value={value} onChange={(e) => onChange(e.target.value as VisionChoice)}>
        <option value="">{t('connVision.unset')}</option>
        <option value="on">{t('connVision.on')}</option>
        <option value="off">{t('connVision.off')}</option>
      </select>
      <span className="hint">{t(`connVision.hint_${value || 'unset'}`)}</span>
      {error && <span className="error hint">{error}</span>}
    </label>
  );
}
