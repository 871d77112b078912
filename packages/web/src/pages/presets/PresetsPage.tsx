export function PresetsPage() {
  return (
    <section>
      <h1>Presets</h1>
      <p>Coming soon.</p>
    </section>
  );
}
