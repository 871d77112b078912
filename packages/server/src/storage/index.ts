export * from './mcp-types.js';
export { DATABASE_FILE_NAME, openDatabase } from './sqlite/database.js';
export { KEY_FILE_NAME } from './sqlite/secret-box.js';
export { createSqliteStorage } from './sqlite/sqlite-storage.js';
export * from './types.js';
