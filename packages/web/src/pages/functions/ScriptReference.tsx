/** What a script body can use, beside the editor. */
export function ScriptReference({ timeoutMs }: { timeoutMs: number | null }) {
  return (
    <aside className="script-reference" aria-labelledby="script-reference-title">
      <h3 id="script-reference-title">Script reference</h3>
      <p>
        The body is the inside of <code>async (args, ctx) =&gt; {'{ … }'}</code>. <code>return</code> a JSON
        value; it becomes the tool result. A <code>throw</code> becomes a tool error.
      </p>
      <dl>
        <dt>
          <code>args</code>
        </dt>
        <dd>The arguments the model sent, already checked against the parameters schema.</dd>
        <dt>
          <code>ctx.chat</code>
        </dt>
        <dd>A snapshot of the chat (null in a dry run).</dd>
        <dt>
          <code>ctx.context</code>
        </dt>
        <dd>
          Only with Include hidden chat context: chat id and mode, persona, characters, chat variables, the
          last user message, date and time.
        </dd>
        <dt>
          <code>ctx.dryRun</code>
        </dt>
        <dd>true while you test the tool here.</dd>
        <dt>
          <code>console.log / info / warn / error</code>
        </dt>
        <dd>Captured and shown with the dry-run result.</dd>
      </dl>
      <p className="hint">
        No network, files or environment. Each call stops after{' '}
        {timeoutMs ? `${Math.round(timeoutMs / 1000)} s` : 'the server timeout'} (a dry run after 3 s).
      </p>
    </aside>
  );
}
