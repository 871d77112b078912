import { Fragment } from 'react';
import { Trans, useTranslation } from 'react-i18next';

const code = { code: <code /> };

/** What a script body can use, beside the editor (names of the API stay as they are written in code). */
export function ScriptReference({ timeoutMs }: { timeoutMs: number | null }) {
  const { t } = useTranslation();
  const entries: Array<[names: string[], key: string]> = [
    [['args'], 'args'],
    [['ctx.chat'], 'chat'],
    [['ctx.characters', 'ctx.characterId'], 'characters'],
    [['ctx.groups', 'ctx.groupId'], 'groups'],
    [['ctx.name1', 'ctx.name2'], 'names'],
    [['await ctx.variables.get(name, scope?)', 'await ctx.variables.set(name, value, scope?)'], 'variables'],
    [['await ctx.eventSource.emit(name, payload)'], 'events'],
    [['ctx.getExtensionApi(name)'], 'extensions'],
    [['ctx.__run'], 'run'],
    [['ctx.context'], 'context'],
    [['ctx.dryRun'], 'dryRun'],
    [['console.log / info / warn / error'], 'console'],
  ];
  return (
    <aside className="script-reference" aria-labelledby="script-reference-title">
      <h3 id="script-reference-title">{t('functions.reference.title')}</h3>
      <p>
        <Trans
          i18nKey="functions.reference.intro"
          values={{ signature: 'async (args, ctx) => { … }' }}
          components={code}
        />
      </p>
      <dl>
        {entries.map(([names, key]) => (
          <Fragment key={key}>
            <dt>
              {names.map((name, i) => (
                <span key={name}>
                  {i > 0 && ', '}
                  <code>{name}</code>
                </span>
              ))}
            </dt>
            <dd>
              <Trans i18nKey={`functions.reference.${key}`} components={code} />
            </dd>
          </Fragment>
        ))}
      </dl>
      <p className="hint">
        {t('functions.reference.limits', {
          timeout: timeoutMs
            ? t('functions.reference.seconds', { count: Math.round(timeoutMs / 1000) })
            : t('functions.reference.serverTimeout'),
        })}
      </p>
    </aside>
  );
}
