export function ConnectionsPage() {
  return (
    <section>
      <h1>Connections</h1>
      <p>Coming soon.</p>
    </section>
  );
}
