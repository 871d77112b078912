import { type FormEvent, useEffect, useState } from 'react';
import { onAdminSecretNeeded, setAdminSecret } from '../api/client';

/**
 * Asks for the admin secret once, when the server says a call needs it; the secret is kept for the tab
 * (sessionStorage). `onSaved(reload)`: `reload` is true when a read was refused, so the page should load again.
 */
export function AdminSecretDialog({ onSaved }: { onSaved?: (reload: boolean) => void }) {
  const [reason, setReason] = useState<'required' | 'invalid' | 'limited' | null>(null);
  const [refusedRead, setRefusedRead] = useState(false);
  const [limitMessage, setLimitMessage] = useState('');
  const [value, setValue] = useState('');

  useEffect(
    () =>
      onAdminSecretNeeded((why, refused) => {
        setReason(why);
        if (why === 'limited') setLimitMessage(refused.message);
        if (refused.read) setRefusedRead(true);
      }),
    [],
  );
  if (!reason) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdminSecret(value.trim() || null);
    setValue('');
    setReason(null);
    setRefusedRead(false);
    onSaved?.(refusedRead);
  };

  return (
    <div className="modal-backdrop">
      <form
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="admin-secret-title"
        onSubmit={submit}
      >
        <h2 id="admin-secret-title">Admin secret needed</h2>
        {reason === 'limited' ? (
          <p className="error" role="alert">
            {limitMessage}
          </p>
        ) : reason === 'invalid' ? (
          <p className="error" role="alert">
            The admin secret was wrong. Enter the value of ADMIN_SECRET set on the server.
          </p>
        ) : (
          <p>
            This server requires its ADMIN_SECRET{refusedRead ? '' : ' for changes'}. Enter it once; it is
            kept for this browser tab.
          </p>
        )}
        <label>
          Admin secret
          <input type="password" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
        </label>
        <div className="row end">
          <button type="button" onClick={() => setReason(null)}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Save secret
          </button>
        </div>
        <p className="hint">
          {refusedRead ? 'The page loads again with it.' : 'Then repeat the action that was refused.'}
        </p>
      </form>
    </div>
  );
}
