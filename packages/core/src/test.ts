// @toolsmith/core/test — helpers for testing code built on Toolsmith: a scripted provider adapter that runs the
// real runtime without a model or a network, and a seeded random source for reproducible world info.
export {
  type MockProviderAdapter,
  type MockProviderOptions,
  type MockTurn,
  mockConnection,
  mockProviderAdapter,
} from './testing/mock-provider.js';
export { createSeededRandom } from './worldinfo/random.js';
