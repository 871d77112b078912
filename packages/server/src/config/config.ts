import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { formatAllowedHost, parseAllowedHost } from './allowed-hosts.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from the environment, already checked and typed. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  adminSecret: string | undefined;
  adminSecretOnLoopback: boolean;
  customToolScriptEnabled: boolean;
  customToolTimeoutMs: number;
  webhookLocalUrlsEnabled: boolean;
  maxToolRounds: number;
  /** how long a write tool waits for the user's Allow / Deny in a chat that asks (then: denied) */
  toolApprovalTimeoutMs: number;
  logLevel: LogLevel;
  /** false, true, a hop count, or a comma-separated list of trusted proxy addresses/CIDRs */
  trustProxy: boolean | number | string;
  bodyLimit: number;
  /** Host names (and name:port, `*.domain`) accepted besides loopback on the bound port; normalized */
  allowedHosts: string[];
  /** longest wait for a provider's answer to start; 0 = no limit */
  providerFirstByteTimeoutMs: number;
  /** longest a started answer may go without progress (a whole event when streamed); 0 = no limit */
  providerIdleTimeoutMs: number;
  /** a connection test's deadline, for its text round and again for its tool-calling probe */
  connectionTestTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_LENGTH = 8;

export const CONFIG_DEFAULTS = {
  port: 3000,
  host: '127.0.0.1',
  dataDir: './data',
  customToolTimeoutMs: 60_000,
  maxToolRounds: 10,
  toolApprovalTimeoutMs: 300_000,
  logLevel: 'info' as LogLevel,
  bodyLimit: 1_048_576,
  providerFirstByteTimeoutMs: 120_000,
  providerIdleTimeoutMs: 60_000,
  connectionTestTimeoutMs: 60_000,
};

type Env = Record<string, string | undefined>;

export interface LoadConfigOptions {
  /** defaults to process.env */
  env?: Env;
  /** a .env file read underneath `env` (real environment variables win); defaults to ./.env if it exists */
  envFile?: string | false;
  /** values that win over both (the CLI's --port, --host, --data-dir) */
  overrides?: Env;
}

/** Reads and checks the configuration; throws ConfigError naming the variable and the fix. */
export function loadConfig(options: LoadConfigOptions = {}): ServerConfig {
  const env = mergeEnvFile(options.env ?? process.env, options.envFile);
  return parseConfig({ ...env, ...options.overrides });
}

function mergeEnvFile(env: Env, envFile: string | false | undefined): Env {
  if (envFile === false) return env;
  const path = resolve(envFile ?? '.env');
  if (!existsSync(path)) {
    if (envFile !== undefined)
      throw new ConfigError(`The env file ${path} does not exist. Create it or omit it.`);
    return env;
  }
  // parseEnv is the parser behind process.loadEnvFile; using it directly keeps process.env untouched.
  const fromFile = parseEnv(readFileSync(path, 'utf8'));
  return { ...fromFile, ...env };
}

export function parseConfig(env: Env): ServerConfig {
  const read = (name: string) => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const adminSecret =
    env.ADMIN_SECRET === undefined || env.ADMIN_SECRET === '' ? undefined : env.ADMIN_SECRET;
  if (adminSecret !== undefined && adminSecret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `ADMIN_SECRET is too short (${adminSecret.length} characters). Use at least ${MIN_SECRET_LENGTH} characters, for example the output of "openssl rand -hex 24".`,
    );
  }
  const config: ServerConfig = {
    port: integer(read('PORT'), 'PORT', CONFIG_DEFAULTS.port, 0, 65_535),
    host: read('HOST') ?? CONFIG_DEFAULTS.host,
    dataDir: read('DATA_DIR') ?? CONFIG_DEFAULTS.dataDir,
    adminSecret,
    adminSecretOnLoopback: boolean(read('ADMIN_SECRET_ON_LOOPBACK'), 'ADMIN_SECRET_ON_LOOPBACK'),
    customToolScriptEnabled: boolean(read('CUSTOM_TOOL_SCRIPT_ENABLED'), 'CUSTOM_TOOL_SCRIPT_ENABLED'),
    customToolTimeoutMs: integer(
      read('CUSTOM_TOOL_TIMEOUT_MS'),
      'CUSTOM_TOOL_TIMEOUT_MS',
      CONFIG_DEFAULTS.customToolTimeoutMs,
      100,
      3_600_000,
    ),
    webhookLocalUrlsEnabled: boolean(read('WEBHOOK_LOCAL_URLS_ENABLED'), 'WEBHOOK_LOCAL_URLS_ENABLED'),
    maxToolRounds: integer(read('MAX_TOOL_ROUNDS'), 'MAX_TOOL_ROUNDS', CONFIG_DEFAULTS.maxToolRounds, 1, 100),
    toolApprovalTimeoutMs: integer(
      read('TOOL_APPROVAL_TIMEOUT_MS'),
      'TOOL_APPROVAL_TIMEOUT_MS',
      CONFIG_DEFAULTS.toolApprovalTimeoutMs,
      1000,
      86_400_000,
    ),
    logLevel: logLevel(read('LOG_LEVEL')),
    trustProxy: trustProxy(read('TRUST_PROXY')),
    bodyLimit: integer(read('BODY_LIMIT'), 'BODY_LIMIT', CONFIG_DEFAULTS.bodyLimit, 1024, 104_857_600),
    allowedHosts: allowedHosts(read('ALLOWED_HOSTS')),
    providerFirstByteTimeoutMs: integer(
      read('PROVIDER_FIRST_BYTE_TIMEOUT_MS'),
      'PROVIDER_FIRST_BYTE_TIMEOUT_MS',
      CONFIG_DEFAULTS.providerFirstByteTimeoutMs,
      0,
      3_600_000,
    ),
    providerIdleTimeoutMs: integer(
      read('PROVIDER_IDLE_TIMEOUT_MS'),
      'PROVIDER_IDLE_TIMEOUT_MS',
      CONFIG_DEFAULTS.providerIdleTimeoutMs,
      0,
      3_600_000,
    ),
    connectionTestTimeoutMs: integer(
      read('CONNECTION_TEST_TIMEOUT_MS'),
      'CONNECTION_TEST_TIMEOUT_MS',
      CONFIG_DEFAULTS.connectionTestTimeoutMs,
      1000,
      3_600_000,
    ),
  };
  checkConfig(config);
  return config;
}

/** Rules that tie several settings together; also run by startServer for configs built in code. */
export function checkConfig(config: ServerConfig): void {
  if (!isLoopbackHost(config.host) && !config.adminSecret) {
    throw new ConfigError(
      `HOST=${config.host} exposes the server beyond this machine, so ADMIN_SECRET is required. Set ADMIN_SECRET to a long random value (clients send it in the X-Admin-Secret header), or set HOST=127.0.0.1.`,
    );
  }
  if (config.adminSecretOnLoopback && !config.adminSecret) {
    throw new ConfigError(
      'ADMIN_SECRET_ON_LOOPBACK=true needs ADMIN_SECRET to be set. Set ADMIN_SECRET, or set ADMIN_SECRET_ON_LOOPBACK=false.',
    );
  }
}

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) {
    throw new ConfigError(
      `${name} must be a whole number from ${min} to ${max} (got "${raw}"). Fix or unset ${name}.`,
    );
  }
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be from ${min} to ${max} (got ${raw}). Fix or unset ${name}.`);
  }
  return value;
}

function boolean(raw: string | undefined, name: string): boolean {
  if (raw === undefined) return false;
  const v = raw.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}"). Set ${name}=true or ${name}=false.`);
}

function logLevel(raw: string | undefined): LogLevel {
  if (raw === undefined) return CONFIG_DEFAULTS.logLevel;
  const v = raw.toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(v)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}"). Fix or unset LOG_LEVEL.`,
    );
  }
  return v;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined) return false;
  const v = raw.toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = raw.split(',').map((s) => s.trim());
  if (entries.every((e) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(e))) return entries.join(',');
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a hop count, or a comma-separated list of proxy addresses/CIDRs (got "${raw}"). Fix or unset TRUST_PROXY.`,
  );
}

function allowedHosts(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  return raw.split(',').map((entry) => {
    const parsed = parseAllowedHost(entry);
    if (!parsed) {
      throw new ConfigError(
        `ALLOWED_HOSTS has "${entry.trim()}", which is not a host name. List the names clients use to reach the server, comma-separated: a name (toolsmith.example.com), *.example.com for its subdomains, an address ([::1] for IPv6), each optionally with :port — no scheme or path.`,
      );
    }
    return formatAllowedHost(parsed);
  });
}
