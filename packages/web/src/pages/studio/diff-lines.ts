// Line diffs for the review cards (jsdiff), as rows the card renders: added, removed or kept lines.
import { diffLines } from 'diff';

export interface DiffRow {
  kind: 'add' | 'del' | 'same';
  text: string;
}

/** Rows of a line diff; long runs of unchanged lines are folded to `context` lines around each change. */
export function lineDiff(before: string, after: string, context = 2): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const part of diffLines(before, after)) {
    const lines = part.value.replace(/\n$/, '').split('\n');
    const kind = part.added ? 'add' : part.removed ? 'del' : 'same';
    for (const text of lines) rows.push({ kind, text });
  }
  const keep = rows.map(
    (r, i) =>
      r.kind !== 'same' ||
      rows.slice(Math.max(0, i - context), i + context + 1).some((n) => n.kind !== 'same'),
  );
  const out: DiffRow[] = [];
  rows.forEach((row, i) => {
    if (keep[i]) out.push(row);
    else if (keep[i - 1] !== false) out.push({ kind: 'same', text: '…' });
  });
  return out;
}

export const asJson = (value: unknown): string =>
  value === undefined || value === null ? '' : JSON.stringify(value, null, 2);

/** The sections a card shows: each text that differs between before and after. */
export function changedSections(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Array<{ field: string; label: string; before: string; after: string }> {
  const fields: Array<[string, string]> = [
    ['body', 'Body'],
    ['simulateBody', 'Simulate body'],
    ['staticResult', 'Static result'],
    ['webhookUrl', 'Webhook URL'],
    ['description', 'Description'],
  ];
  const out = fields
    .map(([key, label]) => ({
      field: key,
      label,
      before: String(before?.[key] ?? ''),
      after: String(after?.[key] ?? ''),
    }))
    .filter((s) => s.before !== s.after);
  const schemaBefore = asJson(before?.parameters);
  const schemaAfter = asJson(after?.parameters);
  if (schemaBefore !== schemaAfter)
    out.push({ field: 'parameters', label: 'Schema', before: schemaBefore, after: schemaAfter });
  return out;
}
