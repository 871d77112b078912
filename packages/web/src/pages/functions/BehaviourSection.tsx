import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const scriptsEnabled = caps.scriptExecutionEnabled;
  return (
    <section className="panel" aria-labelledby="behaviour-title">
      <h2 id="behaviour-title">{t('functions.behaviour.title')}</h2>
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
          <label htmlFor="tool-static-result">{t('functions.behaviour.staticResult')}</label>
          <textarea
            id="tool-static-result"
            className="prose"
            rows={4}
            value={form.staticResult}
            onChange={(e) => update({ staticResult: e.target.value })}
          />
          <p className="hint">{t('functions.behaviour.staticHint')}</p>
          <FieldMessages id="static-errors" messages={fieldErrors.staticResult ?? []} />
        </>
      )}

      {form.kind === 'webhook' && (
        <>
          <label htmlFor="tool-webhook-url">{t('functions.behaviour.webhookUrl')}</label>
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
            {t('functions.behaviour.webhookHint', { body: '{ tool, arguments, context? }' })}{' '}
            {caps.localWebhooksEnabled
              ? t('functions.behaviour.webhookLocal')
              : t('functions.behaviour.webhookHttpsOnly')}
          </p>
          {form.webhookUrl.includes('•••') && (
            <p className="hint">{t('functions.behaviour.credentialsHidden')}</p>
          )}
          {hasCredentials(form.webhookUrl) && !form.webhookUrl.includes('•••') && (
            <label className="inline">
              <input
                type="checkbox"
                checked={confirmCredentials}
                onChange={(e) => onConfirmCredentials(e.target.checked)}
              />
              {t('functions.behaviour.storeCredentials')}
            </label>
          )}
          <FieldMessages id="webhook-errors" messages={fieldErrors.webhookUrl ?? []} />
        </>
      )}

      {form.kind === 'script' && (
        <div className="code-with-reference">
          <div className="code-fields">
            <CodeEditor
              label={t('functions.behaviour.body')}
              value={form.body}
              onChange={(v) => update({ body: v })}
              markers={bodyCheck.markers}
              hint={t('functions.behaviour.bodyHint', { signature: 'async (args, ctx) => { … }' })}
            />
            {bodyCheck.checkError && <p className="error">{bodyCheck.checkError}</p>}
            <FieldMessages id="body-errors" messages={fieldErrors.body ?? []} />
            <CodeEditor
              label={t('functions.behaviour.simulateBody')}
              value={form.simulateBody}
              onChange={(v) => update({ simulateBody: v })}
              markers={simulateCheck.markers}
              hint={t('functions.behaviour.simulateHint')}
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
            {t('functions.behaviour.hiddenContext')}
          </label>
          <p className="hint indent">
            {t('functions.behaviour.hiddenContextHint', {
              field: form.kind === 'webhook' ? 'context' : 'ctx.context',
            })}
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
            {t('functions.behaviour.allowFetch')}
          </label>
          <p className="hint indent">
            <Trans i18nKey="functions.behaviour.allowFetchHint" components={{ code: <code /> }} />
          </p>
        </>
      )}
    </section>
  );
}
