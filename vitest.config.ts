import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import @toolsmith/core and the emulator from source, so a core change needs no rebuild before server
// tests. Browser tests (packages/web/e2e) drive the built server and UI, one file at a time, after the rest.
const alias = {
  '@toolsmith/core': fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
  '@toolsmith/emulator': fileURLToPath(new URL('./packages/emulator/src/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['packages/web/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
