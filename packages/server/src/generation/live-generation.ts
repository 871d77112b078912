import type { ToolApproval } from '@toolsmith/core';
import type { PendingApproval } from '@toolsmith/core/api-schema';

/** A client following the run (an SSE stream). */
export interface Subscriber {
  send(event: string, data: unknown): void;
  end(): void;
}

/** A write tool waiting for the user's Allow / Deny (docs/api.md, "Tool approval"). */
/** A write tool call waiting for the user's Allow / Deny (GET /api/chats/:id/generation). */
export type { PendingApproval };

interface Waiting extends PendingApproval {
  settle: (approval: ToolApproval) => void;
}

/**
 * One running chat generation as clients see it: every event it sent (so a page that reloads can attach and
 * replay them), the streams following it, and the tool calls waiting for approval.
 *
 * A run whose last client is gone is stopped — except while it waits for an approval, so a reload of the page
 * can pick it up; if nobody is back when the wait ends, it stops then.
 */
export class LiveGeneration {
  readonly #events: Array<{ event: string; data: unknown }> = [];
  readonly #subscribers = new Set<Subscriber>();
  readonly #waiting = new Map<string, Waiting>();
  readonly #controller: AbortController;
  readonly #approvalTimeoutMs: number;

  constructor(controller: AbortController, approvalTimeoutMs: number) {
    this.#controller = controller;
    this.#approvalTimeoutMs = approvalTimeoutMs;
  }

  /** Records the event and passes it to every attached client. */
  send = (event: string, data: unknown): void => {
    this.#events.push({ event, data });
    for (const subscriber of this.#subscribers) subscriber.send(event, data);
  };

  /** The run is over: every client's stream ends. */
  end(): void {
    for (const subscriber of this.#subscribers) subscriber.end();
    this.#subscribers.clear();
  }

  /** Attaches a client: it gets every event so far, then the new ones. Returns the detach function. */
  follow(subscriber: Subscriber): () => void {
    for (const { event, data } of this.#events) subscriber.send(event, data);
    this.#subscribers.add(subscriber);
    return () => {
      this.#subscribers.delete(subscriber);
      this.#stopIfUnwatched();
    };
  }

  /** Stops the run (the Stop button); what was generated so far is kept. */
  stop(reason = 'The user stopped the generation.'): void {
    this.#controller.abort(new Error(reason));
  }

  get pendingApprovals(): PendingApproval[] {
    return [...this.#waiting.values()].map(({ settle: _settle, ...pending }) => pending);
  }

  /**
   * Asks the user about a call and waits for `decide` (or the timeout, which counts as Deny). An abort of the
   * run ends the wait as a denial; the tool loop then reports the call as aborted.
   */
  requestApproval(
    call: { id: string; name: string; args: Record<string, unknown> },
    signal: AbortSignal | undefined,
  ): Promise<ToolApproval> {
    if (signal?.aborted) return Promise.resolve({ allowed: false, reason: 'denied' });
    return new Promise((resolve) => {
      const expiresAt = new Date(Date.now() + this.#approvalTimeoutMs).toISOString();
      const finish = (approval: ToolApproval, decision: 'allowed' | 'denied' | 'timeout') => {
        if (!this.#waiting.delete(call.id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.send('tool-approval-end', { id: call.id, decision });
        resolve(approval);
        this.#stopIfUnwatched();
      };
      const timer = setTimeout(
        () => finish({ allowed: false, reason: 'timeout' }, 'timeout'),
        this.#approvalTimeoutMs,
      );
      timer.unref();
      const onAbort = () => finish({ allowed: false, reason: 'denied' }, 'denied');
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.set(call.id, {
        ...call,
        expiresAt,
        settle: (approval) =>
          finish(
            approval,
            approval.allowed ? 'allowed' : approval.reason === 'timeout' ? 'timeout' : 'denied',
          ),
      });
      this.send('tool-approval', { id: call.id, name: call.name, args: call.args, expiresAt });
    });
  }

  /** The user's answer; false when no call with that id is waiting. */
  decide(callId: string, allowed: boolean): boolean {
    const waiting = this.#waiting.get(callId);
    if (!waiting) return false;
    waiting.settle(allowed ? { allowed: true } : { allowed: false, reason: 'denied' });
    return true;
  }

  #stopIfUnwatched(): void {
    if (this.#subscribers.size === 0 && this.#waiting.size === 0 && !this.#controller.signal.aborted) {
      this.#controller.abort(new Error('The client closed the connection.'));
    }
  }
}
