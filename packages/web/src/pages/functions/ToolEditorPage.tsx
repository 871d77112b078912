import './functions.css';
import { checkToolName, MSG_SCRIPTS_DISABLED } from '@toolsmith/core/schema';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import type { Capabilities, Tool, ToolsList } from '../../api/types';
import { usePageTitle } from '../../app/page-title';
import { hrefFor } from '../../app/router';
import { Dialog } from '../../components/Dialog';
import { downloadExport, exportedMessage } from '../../components/download';
import { ErrorBanner } from '../../components/ErrorBanner';
import { setFlash, useFlashState } from '../../components/flash';
import { navigateUnguarded, useLeaveGuard } from '../../components/leave-guard';
import { Switch } from '../../components/Switch';
import { BasicsSection } from './BasicsSection';
import { BehaviourSection } from './BehaviourSection';
import { DryRunPanel } from './DryRunPanel';
import { FieldMessages } from './FieldMessages';
import { type FieldErrors, groupFieldErrors } from './field-errors';
import { ParametersEditor } from './ParametersEditor';
import {
  changedFields,
  formFromTool,
  formParameters,
  inputFromForm,
  isDirty,
  type ToolForm,
} from './tool-form';
import { useCompileCheck } from './use-compile-check';

interface Loaded {
  tool: Tool | null;
  otherNames: Set<string>;
  reservedNames: Set<string>;
  caps: Capabilities;
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
  // a function saved for the first time arrives here under its new address with its "Saved" notice
  const [notice, setNotice] = useFlashState();
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
  usePageTitle(tool?.name);
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
      if (!tool) {
        setFlash(`Saved ${saved.name}.`);
        navigateUnguarded(hrefFor({ page: 'function-edit', id: saved.id }));
      }
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

  const exportJson = async (withSecrets = false) => {
    if (!tool) return;
    setExportWarning(false);
    setActionError(null);
    try {
      const { name, secrets } = await downloadExport(
        `/api/tools/${encodeURIComponent(tool.id)}/export${withSecrets ? '?secrets=include' : ''}`,
        `${tool.name}.json`,
      );
      setNotice(exportedMessage(name, secrets));
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
      request.allowFetch = form.allowFetch;
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
            onClick={() => (tool?.kind === 'webhook' ? setExportWarning(true) : void exportJson(false))}
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
        <BasicsSection
          form={form}
          update={update}
          nameMessage={nameMessage}
          onNameTouched={() => setNameTouched(true)}
          fieldErrors={fieldErrors}
          descriptionChanged={form.description !== baseline.description}
        />

        <BehaviourSection
          form={form}
          update={update}
          caps={loaded.caps}
          fieldErrors={fieldErrors}
          bodyCheck={body}
          simulateCheck={simulate}
          confirmCredentials={confirmCredentials}
          onConfirmCredentials={setConfirmCredentials}
        />

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
        <Dialog
          title="Export includes the webhook URL"
          onCancel={() => setExportWarning(false)}
          actions={
            <>
              <button type="button" onClick={() => setExportWarning(false)}>
                Cancel
              </button>
              <button type="button" onClick={() => void exportJson(false)} data-autofocus>
                Export with credentials masked
              </button>
              <button type="button" className="primary" onClick={() => void exportJson(true)}>
                Export anyway
              </button>
            </>
          }
        >
          <p>
            The exported file contains this tool's webhook URL and anything in it (tokens or keys in the path
            or query, user names and passwords). Share it only with people who may call that endpoint — or
            export it with those parts masked (•••).
          </p>
        </Dialog>
      )}
    </section>
  );
}
