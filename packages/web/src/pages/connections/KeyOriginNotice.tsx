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
  const move = keyMove(connection, draft);
  if (!move) return null;
  return (
    <div className="banner info key-origin" role="note">
      <p>
        The connection now points to {move.to} instead of {move.from}. Type the API key for the new address,
        clear the key, or keep the stored one on purpose.
      </p>
      <label>
        <input type="checkbox" checked={keep} onChange={(e) => onKeepChange(e.target.checked)} />
        Send the stored key to {move.to}
      </label>
    </div>
  );
}
