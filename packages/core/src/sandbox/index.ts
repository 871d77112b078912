export { createSandbox, type QuickJsSandbox } from './create-sandbox.js';
export { type DryRunResult, dryRun } from './dry-run.js';
export {
  DEFAULT_MEMORY_LIMIT_BYTES,
  DEFAULT_POOL_SIZE,
  DEFAULT_STACK_SIZE_BYTES,
  DEFAULT_TIMEOUT_MS,
  DRY_RUN_TIMEOUT_MS,
  defaultTimeoutFromEnv,
  MAX_LOG_BYTES,
  MAX_LOG_ENTRIES,
} from './limits.js';
export type * from './types.js';
export type { PoolStats } from './worker-pool.js';
