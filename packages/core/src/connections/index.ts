export * from './base-url-hint.js';
export * from './list-models.js';
export * from './presets.js';
export * from './probe-tool-calling.js';
