import './functions.css';
import { MSG_SCRIPTS_DISABLED } from '@toolsmith/core/schema';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title';
import { ErrorBanner } from '../../components/ErrorBanner';
import { navigateUnguarded } from '../../components/leave-guard';
import { Switch } from '../../components/Switch';
import { pendingNewToolForChat } from '../chats/new-tool-for-chat';
import { BasicsSection } from './BasicsSection';
import { BehaviourSection } from './BehaviourSection';
import { DryRunPanel } from './DryRunPanel';
import { FieldMessages } from './FieldMessages';
import { toolNameMessage } from './name-check';
import { ParametersEditor } from './ParametersEditor';
import { ExportWarningDialog, LeaveDialog, SaveErrorBanner } from './ToolEditorDialogs';
import { dryRunBlock, dryRunRequest } from './tool-editor-state';
import { formParameters } from './tool-form';
import { useCompileCheck } from './use-compile-check';
import { useToolEditor } from './use-tool-editor';

/** Create or edit one custom tool, check it as you type, try it with a dry run. */
export function ToolEditorPage({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const editor = useToolEditor(id);
  const forChat = id === null ? pendingNewToolForChat() : null;
  const { state, dispatch, dirty, notice } = editor;
  const { loaded, form, baseline, fieldErrors, saving, saveError, leaveTarget } = state;
  const tool = loaded?.tool ?? null;
  usePageTitle(tool?.name);
  const scriptsEnabled = loaded?.caps.scriptExecutionEnabled ?? false;

  const isScript = form.kind === 'script';
  const body = useCompileCheck(form.body, isScript && loaded !== null && scriptsEnabled);
  const simulate = useCompileCheck(form.simulateBody, isScript && loaded !== null && scriptsEnabled);
  const parameters = formParameters(form);
  const request = useMemo(
    () => dryRunRequest(tool, dirty, form, parameters),
    [tool, dirty, form, parameters],
  );
  const block = dryRunBlock(form, parameters, scriptsEnabled);
  const blockReason =
    block === 'scriptsDisabled' ? MSG_SCRIPTS_DISABLED : block && t(`functions.editor.dryRunNeeds.${block}`);

  const nameMessage =
    loaded && (state.nameTouched || form.name !== '')
      ? toolNameMessage(form.name, loaded.reservedNames, loaded.otherNames)
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void editor.save();
  };

  if (state.loadError) {
    return (
      <section>
        <h1>{id ? t('functions.editor.edit') : t('functions.create')}</h1>
        <ErrorBanner error={state.loadError} />
        <a href="#/functions">{t('functions.editor.back')}</a>
      </section>
    );
  }
  if (!loaded) return <p className="hint">{t('common.loading')}</p>;

  return (
    <section className="tool-editor">
      <div className="spread page-head">
        <h1>{tool ? t('functions.editor.editNamed', { name: tool.name }) : t('functions.create')}</h1>
        <div className="row">
          {tool && (
            <Switch
              checked={tool.enabled}
              label={t('functions.enableNamed', { name: tool.name })}
              onChange={(v) => void editor.toggleEnabled(v)}
            />
          )}
          <a className="button" href="#/functions">
            {t('functions.editor.back')}
          </a>
          <button
            type="button"
            onClick={() =>
              tool?.kind === 'webhook'
                ? dispatch({ type: 'exportWarning', open: true })
                : void editor.exportJson(false)
            }
            disabled={!tool}
            title={tool ? undefined : t('functions.editor.saveFirst')}
          >
            {t('functions.editor.export')}
          </button>
          <button type="submit" form="tool-form" className="primary" disabled={saving}>
            {saving ? t('functions.editor.saving') : t('common.save')}
          </button>
        </div>
      </div>

      {saveError && (
        <SaveErrorBanner
          error={saveError}
          details={state.saveDetails}
          onDismiss={() => dispatch({ type: 'dismissSaveError' })}
        />
      )}
      <ErrorBanner
        error={state.actionError}
        onDismiss={() => dispatch({ type: 'actionFailed', error: null })}
      />
      {!loaded?.tool && forChat && (
        <p className="hint">{t('chatTools.newFunction.editorHint', { chat: forChat.chatTitle })}</p>
      )}
      <p className="hint" role="status" aria-live="polite">
        {dirty ? t('functions.editor.unsaved') : notice}
      </p>
      {tool && !tool.enabled && <p className="banner info">{t('functions.editor.switchedOff')}</p>}

      <form id="tool-form" className="tool-form" onSubmit={onSubmit} noValidate>
        <BasicsSection
          form={form}
          update={(patch) => dispatch({ type: 'edit', patch })}
          nameMessage={nameMessage}
          onNameTouched={() => dispatch({ type: 'nameTouched' })}
          fieldErrors={fieldErrors}
          descriptionChanged={form.description !== baseline.description}
        />

        <BehaviourSection
          form={form}
          update={(patch) => dispatch({ type: 'edit', patch })}
          caps={loaded.caps}
          fieldErrors={fieldErrors}
          bodyCheck={body}
          simulateCheck={simulate}
          confirmCredentials={state.confirmCredentials}
          onConfirmCredentials={(value) => dispatch({ type: 'confirmCredentials', value })}
        />

        <section className="panel">
          <ParametersEditor
            form={form}
            onChange={(next) => dispatch({ type: 'replaceForm', form: next })}
            serverError={fieldErrors.parameters ? [...new Set(fieldErrors.parameters)].join(' ') : undefined}
          />
        </section>
        {fieldErrors.form && <FieldMessages id="form-errors" messages={fieldErrors.form} />}
      </form>

      <DryRunPanel
        request={request}
        schema={parameters.ok ? parameters.schema : {}}
        mode={form.mode}
        disabledReason={blockReason}
      />

      {leaveTarget && (
        <LeaveDialog
          saving={saving}
          failed={state.leaveFailed}
          saveError={saveError}
          onKeep={() => dispatch({ type: 'leaveCancelled' })}
          onDiscard={() => {
            dispatch({ type: 'discarded' });
            navigateUnguarded(leaveTarget);
          }}
          onSaveAndClose={() => void editor.saveAndClose()}
        />
      )}

      {state.exportWarning && (
        <ExportWarningDialog
          onCancel={() => dispatch({ type: 'exportWarning', open: false })}
          onExport={(withSecrets) => void editor.exportJson(withSecrets)}
        />
      )}
    </section>
  );
}
