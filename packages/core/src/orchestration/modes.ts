import type { OrchestrationMode } from './types.js';

/** The orchestration modes, in the order pickers show them (browser-safe: exported by @toolsmith/core/schema). */
export const ORCHESTRATION_MODES: readonly OrchestrationMode[] = ['loop', 'director', 'spec', 'agenda'];
