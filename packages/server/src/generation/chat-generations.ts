import type { StoppedBecause } from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import { LiveGeneration } from './live-generation.js';

/** How one chat generation ended. */
export interface GenerationOutcome {
  /** the tool loop's stop reason; absent when the run failed */
  stoppedBecause?: StoppedBecause;
  /** the GenerateTaskError code (or `unknown`) when the run failed */
  errorCode?: string;
}

interface Running {
  controller: AbortController;
  live: LiveGeneration;
  done: Promise<GenerationOutcome>;
  settle: (outcome: GenerationOutcome) => void;
}

/** The chats generating right now: one run per chat, each with its abort controller. */
export class ChatGenerations {
  readonly #running = new Map<string, Running>();

  readonly #approvalTimeoutMs: number;

  constructor(options: { approvalTimeoutMs?: number } = {}) {
    this.#approvalTimeoutMs = options.approvalTimeoutMs ?? 300_000;
  }

  /** Claims the chat; undefined when it is already generating. */
  tryStart(chatId: string): AbortController | undefined {
    if (this.#running.has(chatId)) return undefined;
    const controller = new AbortController();
    let settle!: (outcome: GenerationOutcome) => void;
    const done = new Promise<GenerationOutcome>((resolve) => {
      settle = resolve;
    });
    const live = new LiveGeneration(controller, this.#approvalTimeoutMs);
    this.#running.set(chatId, { controller, live, done, settle });
    return controller;
  }

  /** The chat's running generation as clients follow it; undefined when none runs. */
  live(chatId: string): LiveGeneration | undefined {
    return this.#running.get(chatId)?.live;
  }

  /** Releases the chat and resolves everyone waiting in whenIdle. */
  finish(chatId: string, outcome: GenerationOutcome): void {
    const running = this.#running.get(chatId);
    if (!running) return;
    this.#running.delete(chatId);
    running.settle(outcome);
  }

  isRunning(chatId: string): boolean {
    return this.#running.has(chatId);
  }

  /** Resolves when the chat's current run ends (with its outcome), at once when none runs. */
  async whenIdle(chatId: string): Promise<GenerationOutcome | undefined> {
    return this.#running.get(chatId)?.done;
  }
}

// One registry per app, keyed by the app's context object (shared by every encapsulated plugin).
const registries = new WeakMap<AppContext, ChatGenerations>();

/** The app's registry of running chat generations. */
export function chatGenerationsFor(context: AppContext): ChatGenerations {
  let registry = registries.get(context);
  if (!registry) {
    registry = new ChatGenerations({ approvalTimeoutMs: context.config.toolApprovalTimeoutMs });
    registries.set(context, registry);
  }
  return registry;
}
