export * from './limits.js';
export * from './zip-reader.js';
export * from './formats.js';
export * from './import-plan.js';
export * from './import-file.js';
export * from './export.js';
