import '../../functions/functions.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../api/client';
import type { Capabilities, ProfileTool, Tool } from '../../../api/types';
import { Dialog } from '../../../components/Dialog';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { BasicsSection } from '../../functions/BasicsSection';
import { BehaviourSection } from '../../functions/BehaviourSection';
import { toolNameMessage } from '../../functions/name-check';
import { ParametersEditor } from '../../functions/ParametersEditor';
import { formFromTool, inputFromForm, type ToolForm } from '../../functions/tool-form';
import { useCompileCheck } from '../../functions/use-compile-check';

/**
 * "Add custom tool" for the profile: the Functions page's editor (basics, behaviour with its code editors and
 * compile check, parameters) in a dialog. The tool lives in the profile (saved with it), not in Functions.
 */
export function AddToolDialog({
  editing,
  reservedNames,
  otherNames,
  onDone,
  onCancel,
}: {
  /** a profile tool to edit, or null for a new one */
  editing: ProfileTool | null;
  reservedNames: ReadonlySet<string>;
  otherNames: ReadonlySet<string>;
  onDone: (tool: ProfileTool) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ToolForm>(() =>
    formFromTool(editing ? ({ ...editing, id: '', order: 0 } as Tool) : null),
  );
  const [caps, setCaps] = useState<Capabilities | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nameTouched, setNameTouched] = useState(editing !== null);
  const [confirmCredentials, setConfirmCredentials] = useState(false);

  useEffect(() => {
    api
      .get<Capabilities>('/api/tools/capabilities')
      .then(setCaps)
      .catch((e) => setError(t('agents.profile.tools.dialog.couldNotLoad', { message: errorMessage(e) })));
  }, [t]);

  const scripts = caps?.scriptExecutionEnabled ?? false;
  const body = useCompileCheck(form.body, form.kind === 'script' && scripts);
  const simulate = useCompileCheck(form.simulateBody, form.kind === 'script' && scripts);
  const update = (patch: Partial<ToolForm>) => setForm((f) => ({ ...f, ...patch }));
  const nameMessage = nameTouched ? toolNameMessage(form.name, reservedNames, otherNames) : null;

  const done = () => {
    setNameTouched(true);
    const problem = toolNameMessage(form.name, reservedNames, otherNames);
    if (problem) return setError(problem);
    if (form.description.trim() === '') return setError(t('agents.profile.tools.dialog.describe'));
    const built = inputFromForm(form);
    if ('problem' in built) {
      return setError(built.problem.jsonError ?? t('agents.profile.tools.dialog.fixParameters'));
    }
    onDone({ ...built.input, enabled: editing?.enabled ?? true });
  };

  return (
    <Dialog
      title={
        editing
          ? t('agents.profile.tools.dialog.editTitle', { name: editing.name })
          : t('agents.profile.tools.own.add')
      }
      className="tool-dialog"
      onCancel={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" onClick={done} disabled={!caps}>
            {editing ? t('agents.profile.tools.dialog.update') : t('agents.profile.tools.dialog.add')}
          </button>
        </>
      }
    >
      <p className="hint">{t('agents.profile.tools.dialog.hint')}</p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {!caps ? (
        <p className="hint">{t('common.loading')}</p>
      ) : (
        <div className="tool-form">
          <BasicsSection
            form={form}
            update={update}
            nameMessage={nameMessage}
            onNameTouched={() => setNameTouched(true)}
            fieldErrors={{}}
            descriptionChanged={form.description !== ''}
          />
          <BehaviourSection
            form={form}
            update={update}
            caps={caps}
            fieldErrors={{}}
            bodyCheck={body}
            simulateCheck={simulate}
            confirmCredentials={confirmCredentials}
            onConfirmCredentials={setConfirmCredentials}
          />
          <section className="panel">
            <ParametersEditor form={form} onChange={setForm} />
          </section>
        </div>
      )}
    </Dialog>
  );
}
