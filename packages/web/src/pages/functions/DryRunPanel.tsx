import { useEffect, useRef, useState } from 'react';
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
      setFailure(`The arguments are not valid JSON: ${(e as Error).message}`);
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
      <h2 id="dry-run-title">Dry run</h2>
      <p className="hint">
        Runs the tool as it is in the editor now, with a 3 second limit. Webhooks are really called.
      </p>
      <label htmlFor="dry-run-args">Arguments (JSON)</label>
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
      <label htmlFor="dry-run-chat">Chat (the ctx scripts see)</label>
      <select id="dry-run-chat" value={chatId} onChange={(e) => setChatId(e.target.value)}>
        <option value="">No chat (empty ctx.chat, name1 "User", name2 "Assistant")</option>
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
            Simulate (run the simulate body instead)
          </label>
        )}
        <button
          type="button"
          onClick={() => {
            touched.current = false;
            setArgsText(prefill);
          }}
        >
          Reset arguments
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void runIt()}
          disabled={running || !!disabledReason}
        >
          {running ? 'Running…' : 'Run'}
        </button>
      </div>
      {disabledReason && <p className="hint">{disabledReason}</p>}
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {answer && (
        <section className="dry-run-answer" aria-label="Dry-run result">
          <div className="row">
            <span className={`pill ${answer.ok ? 'ok' : 'danger'}`}>{answer.ok ? 'OK' : 'Failed'}</span>
            <span>Duration: {answer.durationMs} ms</span>
            {answer.simulated && <span className="pill">simulated</span>}
            {answer.unvalidated && <span className="pill amber">unvalidated</span>}
          </div>
          {answer.ok ? (
            <>
              <h3>Result ({show(answer.result).as})</h3>
              <pre className="output result">{show(answer.result).text}</pre>
            </>
          ) : (
            <>
              <h3>Error</h3>
              <pre className="output error">{answer.error}</pre>
              {answer.code && (
                <p>
                  Code: <code>{answer.code}</code>
                </p>
              )}
              {answer.hint && <p className="hint">Hint: {answer.hint}</p>}
            </>
          )}
          {answer.writes && answer.writes.length > 0 && (
            <>
              <h3>Writes (recorded, not applied)</h3>
              <ul className="dry-run-writes" aria-label="Recorded writes">
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
          <h3>Logs</h3>
          {answer.logs.length === 0 ? (
            <p className="hint">No console output.</p>
          ) : (
            <ol className="logs" aria-label="Logs">
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
