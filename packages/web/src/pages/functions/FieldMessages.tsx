/** The messages for one field (local checks and the server's), each once. */
export function FieldMessages({ id, messages }: { id: string; messages: Array<string | null | undefined> }) {
  const shown = messages.filter((m): m is string => !!m);
  const unique = [...new Set(shown)];
  if (unique.length === 0) return null;
  return (
    <div id={id}>
      {unique.map((m) => (
        <p key={m} className="error field-error">
          {m}
        </p>
      ))}
    </div>
  );
}
