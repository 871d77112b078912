export function ToolEditorPage({ id }: { id: string | null }) {
  return (
    <section>
      <h1>ToolEditor</h1>
      <p>Editor for {id ?? 'a new function'} — coming soon.</p>
    </section>
  );
}
