// The sections a studio proposal card diffs (the rows come from components/line-diff).

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
