// @toolsmith/core/internal — every building block of the core, for the Toolsmith server and for integrators
// who need a piece the public entry does not name. No stability promise: names here may change in any release.
export * from './base/index.js';
export * from './cards/index.js';
export * from './connections/index.js';
export * from './generate/index.js';
export * from './loop/index.js';
export * from './macros/index.js';
export * from './orchestration/index.js';
export * from './protocols/index.js';
export * from './providers/index.js';
export * from './regex/index.js';
export * from './runtime/index.js';
export * from './sandbox/index.js';
export * from './tools/index.js';
export * from './transfer/index.js';
export * from './worldinfo/index.js';
