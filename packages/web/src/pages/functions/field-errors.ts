import { ApiError } from '../../api/client';

export type FieldErrors = Record<string, string[]>;

/** Server field names → the form field that shows them (`parameters/...`, `parameters[0].name` → parameters). */
export function groupFieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!(error instanceof ApiError)) return out;
  const add = (field: string, message: string) => {
    const key = field.split(/[.[/]/)[0] || 'form';
    out[key] = [...(out[key] ?? []), message];
  };
  for (const d of error.fieldErrors) add(d.field, d.message);
  // a reserved name's 409 names the field itself (with a free name to use); a duplicate's does not
  const nameNamed = error.fieldErrors.some((d) => d.field === 'name');
  if ((error.code === 'reserved_name' || error.code === 'duplicate_name') && !nameNamed)
    add('name', error.message);
  if (error.code === 'scripts_disabled') add('kind', error.message);
  return out;
}
