export * from './substitute.js';
