import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import @toolsmith/core from source so a core change needs no rebuild before server tests.
export default defineConfig({
  resolve: {
    alias: {
      '@toolsmith/core': fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
      '@toolsmith/emulator': fileURLToPath(new URL('./packages/emulator/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
