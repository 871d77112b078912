import { useTranslation } from 'react-i18next';
import type { Connection } from '../../api/types';
import type { ConnectionDraft } from './connection-form';
import { keyMove } from './key-origin';

/** Shown when an edit would send the stored key somewhere else: type it again, or keep it on purpose. */
export function KeyOriginNotice({
  connection,
  draft,
  keep,
  onKeepChange,
}: {
  connection: Connection | null;
  draft: ConnectionDraft;
  keep: boolean;
  onKeepChange: (keep: boolean) => void;
}) {
  const { t } = useTranslation();
  const move = keyMove(connection, draft);
  if (!move) return null;
  return (
    <div className="banner info key-origin" role="note">
      <p>{t('connections.keyOrigin.moved', { to: move.to, from: move.from })}</p>
      <label>
        <input type="checkbox" checked={keep} onChange={(e) => onKeepChange(e.target.checked)} />
        {t('connections.keyOrigin.send', { to: move.to })}
      </label>
    </div>
  );
}
