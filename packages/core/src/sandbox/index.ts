export type * from './types.js';
export { createSandbox, type QuickJsSandbox } from './create-sandbox.js';
export { dryRun, type DryRunResult } from './dry-run.js';
export type { PoolStats } from './worker-pool.js';
export {
  DEFAULT_MEMORY_LIMIT_BYTES,
  DEFAULT_POOL_SIZE,
  DEFAULT_STACK_SIZE_BYTES,
  DEFAULT_TIMEOUT_MS,
  DRY_RUN_TIMEOUT_MS,
  MAX_LOG_BYTES,
  MAX_LOG_ENTRIES,
  defaultTimeoutFromEnv,
} from './limits.js';
