import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../test-support/temp-dir.js';
import { ConfigError, isLoopbackHost, loadConfig, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('uses the documented defaults', () => {
    expect(parseConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      adminSecret: undefined,
      adminSecretOnLoopback: false,
      customToolScriptEnabled: false,
      customToolTimeoutMs: 60_000,
      webhookLocalUrlsEnabled: false,
      maxToolRounds: 10,
      toolApprovalTimeoutMs: 300_000,
      logLevel: 'info',
      trustProxy: false,
      bodyLimit: 1_048_576,
      allowedHosts: [],
      providerFirstByteTimeoutMs: 120_000,
      providerIdleTimeoutMs: 60_000,
      connectionTestTimeoutMs: 60_000,
    });
  });

  it('reads the provider timeouts (0 = no limit) and refuses bad values by name', () => {
    expect(
      parseConfig({ PROVIDER_FIRST_BYTE_TIMEOUT_MS: '0', PROVIDER_IDLE_TIMEOUT_MS: '5000' }),
    ).toMatchObject({
      providerFirstByteTimeoutMs: 0,
      providerIdleTimeoutMs: 5000,
    });
    expect(() => parseConfig({ PROVIDER_IDLE_TIMEOUT_MS: '1m' })).toThrow(
      /PROVIDER_IDLE_TIMEOUT_MS must be a whole number/,
    );
  });

  it('reads the connection test deadline, at least a second', () => {
    expect(parseConfig({ CONNECTION_TEST_TIMEOUT_MS: '180000' }).connectionTestTimeoutMs).toBe(180_000);
    expect(() => parseConfig({ CONNECTION_TEST_TIMEOUT_MS: '0' })).toThrow(/CONNECTION_TEST_TIMEOUT_MS/);
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/toolsmith',
      ADMIN_SECRET: 'correct horse battery',
      ADMIN_SECRET_ON_LOOPBACK: 'true',
      CUSTOM_TOOL_SCRIPT_ENABLED: '1',
      CUSTOM_TOOL_TIMEOUT_MS: '5000',
      WEBHOOK_LOCAL_URLS_ENABLED: 'TRUE',
      MAX_TOOL_ROUNDS: '3',
      TOOL_APPROVAL_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      BODY_LIMIT: '2048',
      ALLOWED_HOSTS: 'toolsmith.example.com,*.lan',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/toolsmith',
      adminSecret: 'correct horse battery',
      adminSecretOnLoopback: true,
      customToolScriptEnabled: true,
      customToolTimeoutMs: 5000,
      webhookLocalUrlsEnabled: true,
      maxToolRounds: 3,
      toolApprovalTimeoutMs: 2000,
      logLevel: 'debug',
      trustProxy: '10.0.0.1,10.0.0.0/8',
      bodyLimit: 2048,
      allowedHosts: ['toolsmith.example.com', '*.lan'],
    });
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number from 0 to 65535 \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be from 0 to 65535/],
    [{ CUSTOM_TOOL_TIMEOUT_MS: '-5' }, /CUSTOM_TOOL_TIMEOUT_MS must be a whole number/],
    [{ MAX_TOOL_ROUNDS: '0' }, /MAX_TOOL_ROUNDS must be from 1 to 100/],
    [
      { CUSTOM_TOOL_SCRIPT_ENABLED: 'yes please' },
      /CUSTOM_TOOL_SCRIPT_ENABLED must be true or false.*Set CUSTOM_TOOL_SCRIPT_ENABLED=true/,
    ],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY must be true, false, a hop count/],
    [{ BODY_LIMIT: '10' }, /BODY_LIMIT must be from 1024/],
    [{ ADMIN_SECRET: 'short' }, /ADMIN_SECRET is too short/],
    [
      { ALLOWED_HOSTS: 'https://toolsmith.example.com' },
      /ALLOWED_HOSTS has "https:\/\/toolsmith.example.com"/,
    ],
  ])('rejects %o with a message naming the variable and the fix', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('refuses a non-loopback HOST without ADMIN_SECRET', () => {
    expect(() => parseConfig({ HOST: '0.0.0.0' })).toThrow(/HOST=0\.0\.0\.0 .*ADMIN_SECRET is required/);
    expect(() => parseConfig({ HOST: '192.168.1.5' })).toThrow(ConfigError);
    expect(parseConfig({ HOST: '0.0.0.0', ADMIN_SECRET: 'long enough secret' }).host).toBe('0.0.0.0');
    expect(parseConfig({ HOST: 'localhost' }).host).toBe('localhost');
    expect(parseConfig({ HOST: '::1' }).host).toBe('::1');
  });

  it('refuses ADMIN_SECRET_ON_LOOPBACK without a secret', () => {
    expect(() => parseConfig({ ADMIN_SECRET_ON_LOOPBACK: 'true' })).toThrow(/needs ADMIN_SECRET to be set/);
  });

  it('classifies loopback hosts', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', 'example.com', '128.0.0.1'].some(isLoopbackHost)).toBe(false);
  });
});

describe('loadConfig with a .env file', () => {
  it('reads the file underneath the real environment', () => {
    const temp = makeTempDir();
    try {
      const file = join(temp.dir, '.env');
      writeFileSync(file, 'PORT=4000\nMAX_TOOL_ROUNDS=4\n# comment\nLOG_LEVEL="warn"\n');
      const config = loadConfig({ env: { MAX_TOOL_ROUNDS: '7' }, envFile: file });
      expect(config.port).toBe(4000);
      expect(config.maxToolRounds).toBe(7);
      expect(config.logLevel).toBe('warn');
    } finally {
      temp.remove();
    }
  });

  it('names a missing explicit env file', () => {
    expect(() => loadConfig({ env: {}, envFile: '/nonexistent/.env' })).toThrow(
      /\/nonexistent\/\.env does not exist/,
    );
  });
});
