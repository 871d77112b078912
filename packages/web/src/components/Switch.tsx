import './components.css';
import { useTranslation } from 'react-i18next';

/** An on/off switch: a real button with role="switch", so it is keyboard reachable and announced. */
export function Switch({
  checked,
  label,
  onChange,
  disabled,
}: {
  checked: boolean;
  label: string;
  onChange: (next: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={`switch${checked ? ' on' : ''}`}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="switch-knob" aria-hidden="true" />
      <span className="switch-text" aria-hidden="true">
        {checked ? t('common.on') : t('common.off')}
      </span>
    </button>
  );
}
