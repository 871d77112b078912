// Line diffs for review cards (jsdiff), as rows to render: added, removed or kept lines.
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
