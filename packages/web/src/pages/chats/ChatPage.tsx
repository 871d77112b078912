export function ChatPage({ id }: { id: string }) {
  return (
    <section>
      <h1>Chat</h1>
      <p>Chat {id} — coming soon.</p>
    </section>
  );
}
