import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Chat, DryRunAnswer, ToolMode } from '../../api/types';
import { sampleArgs } from './row-drafts';

/** Text results are shown as text, anything else as the JSON the server sent; the heading says which. */
function show(value: unknown): { text: string; as: 'text' | 'JSON' } {
  if (typeof value === 'string') return { text: value, as: 'text' };
  const text = JSON.stringify(value, null, 2);
  return { text: text === undefined ? String(value) : text, as: 'JSON' };
}

/**
 * Runs the tool as it is in the editor (or, when saved and unchanged, the stored tool) through the server's
 * dry run, and shows the answer exactly as returned: result or error (with code and hint), logs, duration.
 */
export function DryRunPanel({
  request,
  schema,
  mode,
  disabledReason,
}: {
  /** the request body without args/simulate */
  request: Record<string, unknown>;
  schema: unknown;
  mode: ToolMode;
  disabledReason: string | null;
}) {
  const { t, i18n } = useTranslation();
  const prefill = JSON.stringify(sampleArgs(schema), null, 2);
  const [argsText, setArgsText] = useState(prefill);
  const touched = useRef(false);
  const [simulate, setSimulate] = useState(false);
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // the chat whose ctx a script sees (messages, characters, names); none gives empty but well-formed values
  const [chats, setChats] = useState<Chat[]>([]);
  const [chatId, setChatId] = useState('');

  useEffect(() => {
    api
      .get<{ chats: Chat[] }>('/api/chats')
      .then((list) => setChats(list.chats))
      .catch(() => setChats([]));
  }, []);

  // Follow the schema until the user edits the arguments themselves.
  useEffect(() => {
    if (!touched.current) setArgsText(prefill);
  }, [prefill]);

  const runIt = async () => {
    setFailure(null);
    setAnswer(null);
    let args: unknown;
    try {
      args = JSON.parse(argsText);
    } catch (e) {
      setFailure(t('functions.dryRun.badJson', { message: (e as Error).message }));
      return;
    }
    setRunning(true);
    try {
      setAnswer(
        await api.post<DryRunAnswer>('/api/tools/dry-run', {
          ...request,
          args,
          simulate: mode === 'write' && simulate,
          ...(chatId ? { chatId } : {}),
        }),
      );
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="panel dry-run" aria-labelledby="dry-run-title">
      <h2 id="dry-run-title">{t('functions.dryRun.title')}</h2>
      <p className="hint">{t('functions.dryRun.hint')}</p>
      <label htmlFor="dry-run-args">{t('functions.dryRun.args')}</label>
      <textarea
        id="dry-run-args"
        rows={6}
        spellCheck={false}
        value={argsText}
        onChange={(e) => {
          touched.current = true;
          setArgsText(e.target.value);
        }}
      />
      <label htmlFor="dry-run-chat">{t('functions.dryRun.chat')}</label>
      <select id="dry-run-chat" value={chatId} onChange={(e) => setChatId(e.target.value)}>
        <option value="">{t('functions.dryRun.noChat')}</option>
        {chats.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      <div className="row">
        {mode === 'write' && (
          <label className="inline">
            <input type="checkbox" checked={simulate} onChange={(e) => setSimulate(e.target.checked)} />
            {t('functions.dryRun.simulate')}
          </label>
        )}
        <button
          type="button"
          onClick={() => {
            touched.current = false;
            setArgsText(prefill);
          }}
        >
          {t('functions.dryRun.reset')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void runIt()}
          disabled={running || !!disabledReason}
        >
          {running ? t('functions.dryRun.running') : t('functions.dryRun.run')}
        </button>
      </div>
      {disabledReason && <p className="hint">{disabledReason}</p>}
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {answer && (
        <section className="dry-run-answer" aria-label={t('functions.dryRun.result')}>
          <div className="row">
            <span className={`pill ${answer.ok ? 'ok' : 'danger'}`}>
              {answer.ok ? 'OK' : t('functions.dryRun.failed')}
            </span>
            <span>
              {t('functions.dryRun.duration', { ms: answer.durationMs.toLocaleString(i18n.language) })}
            </span>
            {answer.simulated && <span className="pill">{t('functions.dryRun.simulated')}</span>}
            {answer.unvalidated && <span className="pill amber">{t('functions.dryRun.unvalidated')}</span>}
          </div>
          {answer.ok ? (
            <>
              <h3>
                {show(answer.result).as === 'text'
                  ? t('functions.dryRun.resultText')
                  : t('functions.dryRun.resultJson')}
              </h3>
              <pre className="output result">{show(answer.result).text}</pre>
            </>
          ) : (
            <>
              <h3>{t('functions.dryRun.error')}</h3>
              <pre className="output error">{answer.error}</pre>
              {answer.code && (
                <p>
                  <Trans
                    i18nKey="toolCard.code"
                    values={{ code: answer.code }}
                    components={{ code: <code /> }}
                  />
                </p>
              )}
              {answer.hint && <p className="hint">{t('functions.dryRun.hintLine', { hint: answer.hint })}</p>}
            </>
          )}
          {answer.writes && answer.writes.length > 0 && (
            <>
              <h3>{t('functions.dryRun.writes')}</h3>
              <ul className="dry-run-writes" aria-label={t('functions.dryRun.writesList')}>
                {answer.writes.map((w, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: writes are a fixed list, shown once
                  <li key={i}>
                    {w.kind === 'variable'
                      ? `set ${w.scope ?? 'chat'} variable ${w.name} = ${JSON.stringify(w.value)}`
                      : `event ${w.name} ${JSON.stringify(w.value)}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3>{t('functions.dryRun.logs')}</h3>
          {answer.logs.length === 0 ? (
            <p className="hint">{t('functions.dryRun.noLogs')}</p>
          ) : (
            <ol className="logs" aria-label={t('functions.dryRun.logs')}>
              {answer.logs.map((log, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: logs are a fixed list, shown once
                <li key={i} className={`log log-${log.level}`}>
                  <span className="log-level">[{log.level}]</span> {log.message}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </section>
  );
}
