import { useState } from 'react';
import { ApiError, errorMessage } from '../api/client';

/**
 * The save of an edit form: `submit(write)` clears the old errors, runs `write` with `saving` on (Save off), and
 * shows what failed: the message in `error`, and in `fieldErrors` each field the server named (`fieldOf` maps
 * the server's field path to the form's field).
 */
export function useFormSave(fieldOf: (field: string) => string = (field) => field) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (write: () => Promise<void>) => {
    setError(null);
    setFieldErrors({});
    setSaving(true);
    try {
      await write();
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError)
        setFieldErrors(Object.fromEntries(e.fieldErrors.map((f) => [fieldOf(f.field), f.message])));
    } finally {
      setSaving(false);
    }
  };

  return { error, setError, fieldErrors, setFieldErrors, saving, submit };
}
