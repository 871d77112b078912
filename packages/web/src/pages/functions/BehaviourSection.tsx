import type { Capabilities } from '../../api/types';
import { CodeEditor, type EditorMarker } from '../../editor/CodeEditor';
import { FieldMessages } from './FieldMessages';
import { KindTiles } from './KindTiles';
import { ScriptReference } from './ScriptReference';
import { NEW_SCRIPT_BODY, type ToolForm } from './tool-form';

function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

interface CompileCheck {
  markers: EditorMarker[];
  checkError: string | null;
}

/** The kind tiles and what each kind needs: static text, a webhook URL, or the script bodies in code editors. */
export function BehaviourSection({
  form,
  update,
  caps,
  fieldErrors,
  bodyCheck,
  simulateCheck,
  confirmCredentials,
  onConfirmCredentials,
}: {
  form: ToolForm;
  update: (patch: Partial<ToolForm>) => void;
  caps: Capabilities;
  fieldErrors: Record<string, string[]>;
  bodyCheck: CompileCheck;
  simulateCheck: CompileCheck;
  confirmCredentials: boolean;
  onConfirmCredentials: (confirmed: boolean) => void;
}) {
  const scriptsEnabled = caps.scriptExecutionEnabled;
  return (
    <section className="panel" aria-labelledby="behaviour-title">
      <h2 id="behaviour-title">What it does</h2>
      <KindTiles
        value={form.kind}
        scriptsEnabled={scriptsEnabled}
        onChange={(kind) =>
          update(kind === 'script' && form.body.trim() === '' ? { kind, body: NEW_SCRIPT_BODY } : { kind })
        }
      />
      <FieldMessages id="kind-errors" messages={fieldErrors.kind ?? []} />

      {form.kind === 'static' && (
        <>
          <label htmlFor="tool-static-result">Static result</label>
          <textarea
            id="tool-static-result"
            className="prose"
            rows={4}
            value={form.staticResult}
            onChange={(e) => update({ staticResult: e.target.value })}
          />
          <p className="hint">The text the model gets back. Empty returns OK.</p>
          <FieldMessages id="static-errors" messages={fieldErrors.staticResult ?? []} />
        </>
      )}

      {form.kind === 'webhook' && (
        <>
          <label htmlFor="tool-webhook-url">Webhook URL</label>
          <input
            id="tool-webhook-url"
            type="url"
            value={form.webhookUrl}
            onChange={(e) => update({ webhookUrl: e.target.value })}
            placeholder="https://example.com/hooks/tool"
            spellCheck={false}
            aria-describedby="webhook-help webhook-errors"
          />
          <p id="webhook-help" className="hint">
            Receives POST {'{ tool, arguments, context? }'} as JSON; its JSON answer is the result.
            {caps.localWebhooksEnabled
              ? ' Local and http:// addresses are allowed on this server.'
              : ' HTTPS only; local and private addresses are refused.'}
          </p>
          {form.webhookUrl.includes('•••') && (
            <p className="hint">
              Credentials in this URL are hidden (•••). Leave them as they are to keep the stored ones, or
              type the whole URL again.
            </p>
          )}
          {hasCredentials(form.webhookUrl) && !form.webhookUrl.includes('•••') && (
            <label className="inline">
              <input
                type="checkbox"
                checked={confirmCredentials}
                onChange={(e) => onConfirmCredentials(e.target.checked)}
              />
              Store the user name and password in this URL with the tool
            </label>
          )}
          <FieldMessages id="webhook-errors" messages={fieldErrors.webhookUrl ?? []} />
        </>
      )}

      {form.kind === 'script' && (
        <div className="code-with-reference">
          <div className="code-fields">
            <CodeEditor
              label="Script body"
              value={form.body}
              onChange={(v) => update({ body: v })}
              markers={bodyCheck.markers}
              hint="JavaScript: the inside of async (args, ctx) => { … }."
            />
            {bodyCheck.checkError && <p className="error">{bodyCheck.checkError}</p>}
            <FieldMessages id="body-errors" messages={fieldErrors.body ?? []} />
            <CodeEditor
              label="Simulate body"
              value={form.simulateBody}
              onChange={(v) => update({ simulateBody: v })}
              markers={simulateCheck.markers}
              hint="Optional, for write tools: runs instead of the body when simulating. Empty returns a placeholder."
            />
            {simulateCheck.checkError && <p className="error">{simulateCheck.checkError}</p>}
            <FieldMessages id="simulate-body-errors" messages={fieldErrors.simulateBody ?? []} />
          </div>
          <ScriptReference timeoutMs={caps.timeoutMs} />
        </div>
      )}

      {form.kind !== 'static' && (
        <>
          <label className="inline">
            <input
              type="checkbox"
              checked={form.includeHiddenContext}
              onChange={(e) => update({ includeHiddenContext: e.target.checked })}
            />
            Include hidden chat context
          </label>
          <p className="hint indent">
            Also sends chat id and mode, persona, characters, chat variables, the last user message, date and
            time ({form.kind === 'webhook' ? 'as the context field' : 'as ctx.context'}). Never API keys or
            other chats.
          </p>
        </>
      )}
      {form.kind === 'script' && (
        <>
          <label className="inline">
            <input
              type="checkbox"
              checked={form.allowFetch}
              onChange={(e) => update({ allowFetch: e.target.checked })}
            />
            Allow fetch
          </label>
          <p className="hint indent">
            Lets the script call <code>fetch(url, init)</code> (as Luker scripts do). The server sends each
            request under the webhook URL rules: https only unless local URLs are enabled, private and
            cloud-metadata addresses refused, redirects checked, answers capped at 512 KiB.
          </p>
        </>
      )}
    </section>
  );
}
