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
        <dd>
          A copy of the chat's messages (the latest 50), latest last, each with <code>role</code>,{' '}
          <code>content</code>, <code>name</code>, <code>is_user</code>, <code>mes</code> (null in a dry run).
        </dd>
        <dt>
          <code>ctx.characters</code>, <code>ctx.characterId</code>
        </dt>
        <dd>The chat's characters (cards) and the index of the one answering; null without one.</dd>
        <dt>
          <code>ctx.groups</code>, <code>ctx.groupId</code>
        </dt>
        <dd>The chat's character group (every character of the chat) and its id.</dd>
        <dt>
          <code>ctx.name1</code>, <code>ctx.name2</code>
        </dt>
        <dd>The persona's name (or User) and the answering character's name.</dd>
        <dt>
          <code>await ctx.variables.get(name, scope?)</code>,{' '}
          <code>await ctx.variables.set(name, value, scope?)</code>
        </dt>
        <dd>
          Chat variables (scope <code>"chat"</code>, the default) or global ones (<code>"global"</code>).
          Writes happen only in real runs, never in a simulation.
        </dd>
        <dt>
          <code>await ctx.eventSource.emit(name, payload)</code>
        </dt>
        <dd>Records an event in the trace and sends it to the chat's stream.</dd>
        <dt>
          <code>ctx.getExtensionApi(name)</code>
        </dt>
        <dd>An API a server extension registered (its methods are async), or null.</dd>
        <dt>
          <code>ctx.__run</code>
        </dt>
        <dd>
          <code>aborted</code>, <code>activatedEntryKeys</code> (world-info keys already injected this turn)
          and <code>traceId</code>.
        </dd>
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
