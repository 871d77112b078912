// The chat's generation from the browser: send a message, regenerate / continue / retry, follow a run that was
// already going when the page loaded, Stop, and Allow / Deny for write tools. Every run's stream is read the
// same way; when it ends, stored history (which holds the same messages and cards) replaces the live view.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api, errorMessage, request } from '../../api/client';
import { readEventStream } from '../../api/sse';
import type { GenerateBody, GenerationState, Message } from '../../api/types';
import {
  applyStreamEvent,
  continueFrom,
  endTurn,
  finishNotice,
  type GenerateMode,
  type LiveTurn,
  startTurn,
  storedTurnComplete,
} from './chat-stream';

export type Notice =
  | { kind: 'stopped' }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'ended'; message: string }
  /** the reply's reasoning was kept as its answer: the connection's template opens the block (reply-notice) */
  | { kind: 'lone-reasoning-close'; tag: string };

/** How long Stop waits for the server to end the stream itself before the browser closes it. */
const STOP_GRACE_MS = 5000;

export function useGeneration({
  path,
  messages,
  setMessages,
  fetchMessages,
  onError,
  onGiveBack,
}: {
  path: string;
  messages: Message[] | null;
  setMessages: (messages: Message[]) => void;
  fetchMessages: () => Promise<Message[]>;
  onError: (message: string) => void;
  /** a message the server never stored goes back into the composer */
  onGiveBack: (content: string) => void;
}) {
  const [live, setLive] = useState<LiveTurn | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(messages);
  latest.current = messages;

  /** Reads one run's stream to its end, then shows stored history. */
  const follow = useCallback(
    async (open: (signal: AbortSignal) => Promise<Response>, first: LiveTurn) => {
      const abort = new AbortController();
      controller.current = abort;
      let turn = first;
      setLive(turn);
      setNotice(null);
      let echoed = false;
      try {
        const response = await open(abort.signal);
        for await (const { event: name, data } of readEventStream(response)) {
          if (name === 'user-message') echoed = true;
          turn = applyStreamEvent(turn, name, data);
          if (name === 'generation-start' && turn.continues)
            turn = continueFrom(
              turn,
              latest.current?.find((m) => m.id === turn.continues),
            );
          setLive(turn);
        }
        if (turn.status === 'streaming') {
          turn = {
            ...turn,
            status: 'failed',
            error: { code: 'network', message: 'The stream ended before the server finished the answer.' },
          };
        }
      } catch (e) {
        if (abort.signal.aborted) turn = { ...turn, status: 'stopped' };
        else {
          const code = e instanceof ApiError ? (e.code ?? `http_${e.status}`) : 'network';
          turn = { ...turn, status: 'failed', error: { code, message: errorMessage(e) } };
        }
      } finally {
        controller.current = null;
      }
      if (turn.status !== 'streaming') turn = endTurn(turn, turn.status);
      setLive(turn);
      // Nothing was stored when the request itself was refused: give the text back instead of losing it.
      if (!echoed && turn.status === 'failed' && turn.user) onGiveBack(turn.user.content);
      if (turn.status === 'stopped' || turn.finishReason === 'aborted') setNotice({ kind: 'stopped' });
      else if (turn.status === 'failed' && turn.error) setNotice({ kind: 'failed', ...turn.error });
      else {
        const ended = finishNotice(turn.finishReason);
        if (ended) setNotice({ kind: 'ended', message: ended });
        else if (turn.loneReasoningClose)
          setNotice({ kind: 'lone-reasoning-close', tag: turn.loneReasoningClose });
      }
      try {
        // Both updates in one tick, so the turn never shows twice (live and stored) for a frame.
        let fresh = await fetchMessages();
        for (
          let attempt = 0;
          turn.status === 'stopped' && attempt < 10 && !storedTurnComplete(fresh, turn);
          attempt++
        ) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          fresh = await fetchMessages();
        }
        setMessages(fresh);
        setLive(null);
      } catch (e) {
        onError(`Could not reload the messages: ${errorMessage(e)}`);
      }
    },
    [fetchMessages, setMessages, onError, onGiveBack],
  );

  const generate = useCallback(
    (
      body:
        | (Required<Pick<GenerateBody, 'content'>> & Pick<GenerateBody, 'images'>)
        | { mode: Exclude<GenerateMode, 'send'> },
    ) => {
      if (controller.current) return;
      const turn = 'content' in body ? startTurn(body.content) : startTurn(null, body.mode);
      void follow((signal) => request('POST', `${path}/generate`, { json: body, signal }), turn);
    },
    [follow, path],
  );

  // A run that was going when the page (re)loaded: attach to it, replaying what it sent so far.
  useEffect(() => {
    let cancelled = false;
    api
      .get<GenerationState>(`${path}/generation`)
      .then((state) => {
        if (cancelled || !state.running || controller.current) return;
        void follow(
          (signal) => request('GET', `${path}/generation/events`, { signal }),
          startTurn(null, 'send'),
        );
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      // Leaving the page lets go of the stream: the server stops the run unless a tool waits for approval.
      controller.current?.abort();
    };
  }, [path, follow]);

  /** Asks the server to stop and keeps reading, so the cut-off tool calls arrive in their final state. */
  const stop = useCallback(() => {
    const running = controller.current;
    if (!running) return;
    const closeLater = () => setTimeout(() => running.abort(), STOP_GRACE_MS);
    request('POST', `${path}/generation/stop`).then(closeLater, () => running.abort());
  }, [path]);

  const approve = useCallback(
    async (callId: string, allow: boolean) => {
      const mark = (deciding: boolean) =>
        setLive(
          (turn) =>
            turn && {
              ...turn,
              rounds: turn.rounds.map((r) => ({
                ...r,
                calls: r.calls.map((c) =>
                  c.id === callId && c.approval ? { ...c, approval: { ...c.approval, deciding } } : c,
                ),
              })),
            },
        );
      mark(true);
      try {
        await api.post(`${path}/tool-approvals/${encodeURIComponent(callId)}`, { allow });
      } catch (e) {
        mark(false);
        onError(errorMessage(e));
      }
    },
    [path, onError],
  );

  return { live, notice, setNotice, generate, stop, approve, streaming: live?.status === 'streaming' };
}
