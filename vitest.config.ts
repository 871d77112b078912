import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import @toolsmith/core and the emulator from source, so a core change needs no rebuild before server
// tests. Browser tests (packages/web/e2e) drive the built server and UI, one file at a time, after the rest.
// `@toolsmith/core/NAME` (internal, test, schema) maps to packages/core/src/NAME.ts, as package.json exports it.
const alias = [
  {
    find: /^@toolsmith\/core$/,
    replacement: fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
  },
  {
    find: /^@toolsmith\/core\/(\w+)$/,
    replacement: fileURLToPath(new URL('./packages/core/src/$1.ts', import.meta.url)),
  },
  {
    find: /^@toolsmith\/emulator$/,
    replacement: fileURLToPath(new URL('./packages/emulator/src/index.ts', import.meta.url)),
  },
];

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `npm run coverage` (V8): the shipped source of every package, tests and fixtures left out.
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.ts', '**/*.test-d.ts', '**/__fixtures__/**', '**/*.d.ts'],
      reporter: ['text-summary', 'html'],
      reportsDirectory: 'test-output/coverage',
    },
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
