import './functions.css';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import type { Capabilities, Tool, ToolsList } from '../../api/types';
import { hrefFor } from '../../app/router';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { downloadFromApi } from '../../components/download';
import { ErrorBanner } from '../../components/ErrorBanner';
import { navigateUnguarded, useLeaveGuard } from '../../components/leave-guard';
import { Switch } from '../../components/Switch';
import { CodeEditor } from '../../editor/CodeEditor';
import { DryRunPanel } from './DryRunPanel';
import { KindTiles } from './KindTiles';
import { ParametersEditor } from './ParametersEditor';
import { ScriptReference } from './ScriptReference';
import {
  NEW_SCRIPT_BODY,
  type ToolForm,
  changedFields,
  formFromTool,
  formParameters,
  inputFromForm,
  isDirty,
} from './tool-form';
import {
  DESCRIPTION_MAX_LENGTH,
  MSG_SCRIPTS_DISABLED,
  charLength,
  checkDescription,
  checkDisplayName,
  checkToolName,
} from './tool-rules';
import { useCompileCheck } from './use-compile-check';

interface Loaded {
  tool: Tool | null;
  otherNames: Set<string>;
  reservedNames: Set<string>;
  caps: Capabilities;
}

type FieldErrors = Record<string, string[]>;

/** Server field names → the form field that shows them (`parameters/...`, `parameters[0].name` → parameters). */
function groupFieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!(error instanceof ApiError)) return out;
  const add = (field: string, message: string) => {
    const key = field.split(/[.[/]/)[0] || 'form';
    out[key] = [...(out[key] ?? []), message];
  };
  for (const d of error.fieldErrors) add(d.field, d.message);
  if (error.code === 'reserved_name' || error.code === 'duplicate_name') add('name', error.message);
  if (error.code === 'scripts_disabled') add('kind', error.message);
  return out;
}

function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

function FieldMessages({ id, messages }: { id: string; messages: Array<string | null | undefined> }) {
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

/** Create or edit one custom tool, check it as you type, try it with a dry run. */
export function ToolEditorPage({ id }: { id: string | null }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [baseline, setBaseline] = useState<ToolForm>(() => formFromTool(null));
  const [form, setForm] = useState<ToolForm>(() => formFromTool(null));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saveDetails, setSaveDetails] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [nameTouched, setNameTouched] = useState(false);
  const [leaveTarget, setLeaveTarget] = useState<string | null>(null);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const [exportWarning, setExportWarning] = useState(false);
  const [confirmCredentials, setConfirmCredentials] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** failures of actions other than saving (switching on/off, exporting) */
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const [list, caps, tool] = await Promise.all([
          api.get<ToolsList>('/api/tools'),
          api.get<Capabilities>('/api/tools/capabilities'),
          id ? api.get<Tool>(`/api/tools/${encodeURIComponent(id)}`) : Promise.resolve(null),
        ]);
        if (cancelled) return;
        const start = formFromTool(tool);
        setBaseline(start);
        setForm(start);
        setLoaded({
          tool,
          caps,
          otherNames: new Set(list.tools.filter((t) => t.id !== tool?.id).map((t) => t.name)),
          reservedNames: new Set(list.builtin.map((b) => b.name)),
        });
      } catch (e) {
        if (!cancelled) setLoadError(errorMessage(e));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id]);

  const tool = loaded?.tool ?? null;
  const scriptsEnabled = loaded?.caps.scriptExecutionEnabled ?? false;
  const dirty = loaded !== null && isDirty(form, baseline);
  useLeaveGuard(dirty, (target) => {
    setLeaveError(null);
    setLeaveTarget(target);
  });

  const isScript = form.kind === 'script';
  const body = useCompileCheck(form.body, isScript && loaded !== null && scriptsEnabled);
  const simulate = useCompileCheck(form.simulateBody, isScript && loaded !== null && scriptsEnabled);
  const parameters = formParameters(form);

  const update = (patch: Partial<ToolForm>) => setForm((f) => ({ ...f, ...patch }));

  const nameMessage =
    loaded && (nameTouched || form.name !== '')
      ? checkToolName(form.name, loaded.reservedNames, loaded.otherNames)
      : null;

  /** Saves; true when stored. Failures stay on screen with the server's words. */
  const save = async (): Promise<boolean> => {
    setSaveError(null);
    setSaveDetails([]);
    setFieldErrors({});
    const built = inputFromForm(form);
    if ('problem' in built) {
      const message =
        built.problem.jsonError ?? 'The parameters need fixing first (see the rows marked below).';
      setSaveError(message);
      setFieldErrors({ parameters: [message] });
      return false;
    }
    setSaving(true);
    try {
      let saved: Tool;
      if (!tool) {
        saved = await api.post<Tool>('/api/tools', {
          ...built.input,
          ...(confirmCredentials ? { confirmCredentials: true } : {}),
        });
      } else {
        const changes = changedFields(built.input, baseline);
        if (Object.keys(changes).length === 0) return true;
        saved = await api.patch<Tool>(`/api/tools/${encodeURIComponent(tool.id)}`, {
          ...changes,
          ...(confirmCredentials ? { confirmCredentials: true } : {}),
        });
      }
      const fresh = formFromTool(saved);
      setBaseline(fresh);
      setForm(fresh);
      setLoaded((l) => (l ? { ...l, tool: saved } : l));
      setNotice(`Saved ${saved.name}.`);
      if (!tool) navigateUnguarded(hrefFor({ page: 'function-edit', id: saved.id }));
      return true;
    } catch (e) {
      setSaveError(errorMessage(e));
      if (e instanceof ApiError && e.fieldErrors.length > 1)
        setSaveDetails(e.fieldErrors.map((d) => `${d.field || 'body'}: ${d.message}`));
      setFieldErrors(groupFieldErrors(e));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const saveAndClose = async () => {
    const target = leaveTarget;
    if (!target) return;
    if (await save()) {
      setLeaveTarget(null);
      navigateUnguarded(target);
    } else {
      setLeaveError(
        'The function was not saved, so the editor stays open. The reason is shown above the form.',
      );
    }
  };

  const toggleEnabled = async (enabled: boolean) => {
    if (!tool) return;
    setActionError(null);
    try {
      const updated = await api.patch<Tool>(`/api/tools/${encodeURIComponent(tool.id)}`, { enabled });
      setLoaded((l) => (l ? { ...l, tool: { ...tool, enabled: updated.enabled } } : l));
    } catch (e) {
      setActionError(errorMessage(e));
    }
  };

  const exportJson = async () => {
    if (!tool) return;
    setExportWarning(false);
    setActionError(null);
    try {
      const name = await downloadFromApi(
        `/api/tools/${encodeURIComponent(tool.id)}/export`,
        `${tool.name}.json`,
      );
      setNotice(`Exported ${name}.`);
    } catch (e) {
      setActionError(errorMessage(e));
    }
  };

  const dryRunRequest = useMemo((): Record<string, unknown> => {
    if (tool && !dirty) return { id: tool.id };
    const request: Record<string, unknown> = { kind: form.kind, mode: form.mode };
    if (parameters.ok) request.parameters = parameters.schema;
    if (form.kind === 'static') request.staticResult = form.staticResult;
    if (form.kind === 'webhook') {
      request.webhookUrl = form.webhookUrl;
      request.includeHiddenContext = form.includeHiddenContext;
    }
    if (form.kind === 'script') {
      request.body = form.body;
      request.simulateBody = form.simulateBody;
      request.includeHiddenContext = form.includeHiddenContext;
    }
    return request;
  }, [tool, dirty, form, parameters]);

  const dryRunBlocked =
    form.kind === 'script' && !scriptsEnabled
      ? MSG_SCRIPTS_DISABLED
      : !parameters.ok
        ? 'Fix the parameters to run the tool.'
        : form.kind === 'script' && form.body.trim() === ''
          ? 'Write a body to run the tool.'
          : form.kind === 'webhook' && form.webhookUrl.trim() === ''
            ? 'Enter the webhook URL to run the tool.'
            : null;

  if (loadError) {
    return (
      <section>
        <h1>{id ? 'Edit function' : 'Create function'}</h1>
        <ErrorBanner error={loadError} />
        <a href="#/functions">Back to functions</a>
      </section>
    );
  }
  if (!loaded) return <p className="hint">Loading…</p>;

  const descriptionLength = charLength(form.description);
  const title = tool ? `Edit ${tool.name}` : 'Create function';

  return (
    <section className="tool-editor">
      <div className="spread page-head">
        <h1>{title}</h1>
        <div className="row">
          {tool && (
            <Switch
              checked={tool.enabled}
              label={`Enable ${tool.name}`}
              onChange={(v) => void toggleEnabled(v)}
            />
          )}
          <a className="button" href="#/functions">
            Back to functions
          </a>
          <button
            type="button"
            onClick={() => (tool?.kind === 'webhook' ? setExportWarning(true) : void exportJson())}
            disabled={!tool}
            title={tool ? undefined : 'Save the function first'}
          >
            Export this function as JSON
          </button>
          <button type="submit" form="tool-form" className="primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>

      {saveError && (
        <div className="banner error" role="alert">
          <div>
            <p className="banner-title">Not saved: {saveError}</p>
            {saveDetails.length > 0 && (
              <ul>
                {saveDetails.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </div>
          <button
            type="button"
            className="link"
            onClick={() => setSaveError(null)}
            aria-label="Dismiss error"
          >
            ×
          </button>
        </div>
      )}
      <ErrorBanner error={actionError} onDismiss={() => setActionError(null)} />
      <p className="hint" role="status" aria-live="polite">
        {dirty ? 'Unsaved changes' : notice}
      </p>
      {tool && !tool.enabled && (
        <p className="banner info">
          This function is switched off: chats do not offer it until you switch it on.
        </p>
      )}

      <form id="tool-form" className="tool-form" onSubmit={onSubmit} noValidate>
        <section className="panel" aria-labelledby="basics-title">
          <h2 id="basics-title">Basics</h2>
          <label htmlFor="tool-name">Technical name</label>
          <input
            id="tool-name"
            value={form.name}
            onChange={(e) => {
              setNameTouched(true);
              update({ name: e.target.value });
            }}
            onBlur={() => setNameTouched(true)}
            aria-invalid={!!nameMessage}
            aria-describedby="name-help name-errors"
            autoComplete="off"
            spellCheck={false}
          />
          <p id="name-help" className="hint">
            What the model calls: a letter, then letters, digits or underscores (up to 64).
          </p>
          <FieldMessages id="name-errors" messages={[nameMessage, ...(fieldErrors.name ?? [])]} />

          <label htmlFor="tool-display-name">Display name</label>
          <input
            id="tool-display-name"
            value={form.displayName}
            onChange={(e) => update({ displayName: e.target.value })}
            aria-describedby="display-name-errors"
          />
          <FieldMessages
            id="display-name-errors"
            messages={[checkDisplayName(form.displayName), ...(fieldErrors.displayName ?? [])]}
          />

          <label htmlFor="tool-description">Description</label>
          <textarea
            id="tool-description"
            className="prose"
            rows={4}
            value={form.description}
            onChange={(e) => update({ description: e.target.value })}
            aria-describedby="description-count description-errors"
          />
          <p
            id="description-count"
            className={`hint counter${descriptionLength > DESCRIPTION_MAX_LENGTH ? ' error' : ''}`}
          >
            {descriptionLength} / {DESCRIPTION_MAX_LENGTH} characters — written for the model: say what the
            tool does and when to call it.
          </p>
          <FieldMessages
            id="description-errors"
            messages={[
              form.description !== baseline.description || fieldErrors.description
                ? checkDescription(form.description)
                : null,
              ...(fieldErrors.description ?? []),
            ]}
          />

          <fieldset className="mode">
            <legend>Mode</legend>
            <label className="inline">
              <input
                type="radio"
                name="tool-mode"
                checked={form.mode === 'read'}
                onChange={() => update({ mode: 'read' })}
              />
              Read
            </label>
            <p className="hint indent">
              Only looks things up, no side effects. Runs for real even when simulating.
            </p>
            <label className="inline">
              <input
                type="radio"
                name="tool-mode"
                checked={form.mode === 'write'}
                onChange={() => update({ mode: 'write' })}
              />
              Write
            </label>
            <p className="hint indent">
              Changes something (game state, files, another service). When simulating, its simulate body runs
              instead.
            </p>
          </fieldset>
        </section>

        <section className="panel" aria-labelledby="behaviour-title">
          <h2 id="behaviour-title">What it does</h2>
          <KindTiles
            value={form.kind}
            scriptsEnabled={scriptsEnabled}
            onChange={(kind) =>
              update(
                kind === 'script' && form.body.trim() === '' ? { kind, body: NEW_SCRIPT_BODY } : { kind },
              )
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
                {loaded.caps.localWebhooksEnabled
                  ? ' Local and http:// addresses are allowed on this server.'
                  : ' HTTPS only; local and private addresses are refused.'}
              </p>
              {hasCredentials(form.webhookUrl) && (
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={confirmCredentials}
                    onChange={(e) => setConfirmCredentials(e.target.checked)}
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
                  markers={body.markers}
                  hint="JavaScript: the inside of async (args, ctx) => { … }."
                />
                {body.checkError && <p className="error">{body.checkError}</p>}
                <FieldMessages id="body-errors" messages={fieldErrors.body ?? []} />
                <CodeEditor
                  label="Simulate body"
                  value={form.simulateBody}
                  onChange={(v) => update({ simulateBody: v })}
                  markers={simulate.markers}
                  hint="Optional, for write tools: runs instead of the body when simulating. Empty returns a placeholder."
                />
                {simulate.checkError && <p className="error">{simulate.checkError}</p>}
                <FieldMessages id="simulate-body-errors" messages={fieldErrors.simulateBody ?? []} />
              </div>
              <ScriptReference timeoutMs={loaded.caps.timeoutMs} />
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
                Also sends chat id and mode, persona, characters, chat variables, the last user message, date
                and time ({form.kind === 'webhook' ? 'as the context field' : 'as ctx.context'}). Never API
                keys or other chats.
              </p>
            </>
          )}
        </section>

        <section className="panel">
          <ParametersEditor
            form={form}
            onChange={setForm}
            serverError={fieldErrors.parameters ? [...new Set(fieldErrors.parameters)].join(' ') : undefined}
          />
        </section>
        {fieldErrors.form && <FieldMessages id="form-errors" messages={fieldErrors.form} />}
      </form>

      <DryRunPanel
        request={dryRunRequest}
        schema={parameters.ok ? parameters.schema : {}}
        mode={form.mode}
        disabledReason={dryRunBlocked}
      />

      {leaveTarget && (
        <Dialog
          title="Unsaved changes"
          onCancel={() => setLeaveTarget(null)}
          actions={
            <>
              <button type="button" onClick={() => setLeaveTarget(null)} data-autofocus>
                Keep editing
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  const target = leaveTarget;
                  setLeaveTarget(null);
                  setForm(baseline);
                  navigateUnguarded(target);
                }}
              >
                Discard
              </button>
              <button type="button" className="primary" onClick={() => void saveAndClose()} disabled={saving}>
                {saving ? 'Saving…' : 'Save & close'}
              </button>
            </>
          }
        >
          <p>This function has changes that are not saved. Leave anyway?</p>
          {leaveError && (
            <div className="error" role="alert">
              <p>{leaveError}</p>
              {saveError && <p>{saveError}</p>}
            </div>
          )}
        </Dialog>
      )}

      {exportWarning && (
        <ConfirmDialog
          title="Export includes the webhook URL"
          message={
            <p>
              The exported file contains this tool's webhook URL and anything in it (tokens or keys in the
              path or query, user names and passwords). Share it only with people who may call that endpoint.
            </p>
          }
          confirmLabel="Export anyway"
          onConfirm={() => void exportJson()}
          onCancel={() => setExportWarning(false)}
        />
      )}
    </section>
  );
}
