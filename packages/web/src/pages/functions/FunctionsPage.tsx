export function FunctionsPage() {
  return (
    <section>
      <h1>Functions</h1>
      <p>Coming soon.</p>
    </section>
  );
}
