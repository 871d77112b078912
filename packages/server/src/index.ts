export { type AppDeps, buildApp } from './app/build-app.js';
export type { AppContext } from './app/context.js';
export { HttpError } from './app/http-error.js';
export { type StartedServer, type StartServerOptions, startServer } from './app/start-server.js';
export { adminSecretRequired, assertAdmin } from './auth/admin-secret.js';
export { isLoopbackAddress } from './auth/loopback.js';
export { BUILTIN_TOOLS, type BuiltinTool } from './builtins/builtin-tools.js';
export { runCli } from './cli/run-cli.js';
export {
  CONFIG_DEFAULTS,
  ConfigError,
  checkConfig,
  type LoadConfigOptions,
  loadConfig,
  parseConfig,
  type ServerConfig,
} from './config/config.js';
export * from './storage/index.js';
export { SERVER_VERSION } from './version.js';
