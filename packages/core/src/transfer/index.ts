export * from './export.js';
export * from './formats.js';
export * from './import-file.js';
export * from './import-plan.js';
export * from './limits.js';
export * from './zip-reader.js';
