export function ChatsPage() {
  return (
    <section>
      <h1>Chats</h1>
      <p>Coming soon.</p>
    </section>
  );
}
