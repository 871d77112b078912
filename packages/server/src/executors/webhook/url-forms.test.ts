// The URL-forms table: every form that must be refused, run through the whole executor. Forms that route to
// this machine are tested end to end with the default (real) connector against canary listeners on 127.0.0.1,
// 127.0.0.2 and ::1 that must see no connection; every other form runs with an injected resolver and a
// recording connector that never dials anything outside loopback.
import type { ToolDefinition } from '@toolsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAllServers,
  fakeResolver,
  json,
  recordingConnector,
  startServer,
  type TestServer,
} from './__fixtures__/test-servers.js';
import { isWebhookError } from './errors.js';
import { createWebhookExecutor } from './webhook-executor.js';

function webhookTool(webhookUrl: string): ToolDefinition {
  return {
    name: 'probe',
    description: 'Probe',
    parameters: { type: 'object' },
    mode: 'read',
    kind: 'webhook',
    webhookUrl,
    enabled: true,
  };
}

let v4: TestServer;
let v4b: TestServer;
let v6: TestServer;
const canaries = () => [v4, v4b, v6];

beforeAll(async () => {
  const answer = (name: string) => (_req: unknown, res: Parameters<typeof json>[0]) =>
    json(res, { canary: name });
  v4 = await startServer(answer('127.0.0.1'), '127.0.0.1');
  v4b = await startServer(answer('127.0.0.2'), '127.0.0.2');
  v6 = await startServer(answer('::1'), '::1');
});
afterAll(closeAllServers);

// Names used by the resolver rows; everything else is unknown to the fake resolver.
const RESOLVER_TABLE = () => ({
  'loopback.example': ['127.0.0.1'],
  'loopback6.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'mixed-loopback.example': ['93.184.215.14', '127.0.0.1'],
  'intranet.example': ['10.1.2.3'],
  'office.example': ['192.168.10.20'],
  'docker.example': ['172.17.0.2'],
  'cgnat.example': ['100.64.1.1'],
  'metadata.example': ['169.254.169.254'],
  'metadata6.example': ['fd00:ec2::254'],
  'ula.example': ['fd12:3456:789a::1'],
  'linklocal.example': ['fe80::1'],
  'mixed-private.example': ['8.8.8.8', '2606:4700::1111', '10.0.0.1'],
  'nat64.example': ['64:ff9b::a00:1'],
});

type Row = {
  url: () => string;
  range: string;
  /** the resolver must be asked for this name (unset: it must not be asked at all) */
  resolves?: string;
};

/** Forms that reach a canary if the guard fails. Run with the real connector and a fake resolver. */
const LOOPBACK_ROWS: [string, Row][] = [
  ['127.0.0.1', { url: () => `https://127.0.0.1:${v4.port}/hook`, range: 'loopback' }],
  ['127.0.0.2', { url: () => `https://127.0.0.2:${v4b.port}/hook`, range: 'loopback' }],
  ['127.1 (short form)', { url: () => `https://127.1:${v4.port}/`, range: 'loopback' }],
  ['2130706433 (decimal)', { url: () => `https://2130706433:${v4.port}/`, range: 'loopback' }],
  ['0x7f000001 (hex)', { url: () => `https://0x7f000001:${v4.port}/`, range: 'loopback' }],
  ['017700000001 (octal)', { url: () => `https://017700000001:${v4.port}/`, range: 'loopback' }],
  ['0x7f.0.0.1 (hex octet)', { url: () => `https://0x7f.0.0.1:${v4.port}/`, range: 'loopback' }],
  ['0177.0.0.1 (octal octet)', { url: () => `https://0177.0.0.1:${v4.port}/`, range: 'loopback' }],
  [
    '%31%32%37.0.0.1 (percent-encoded)',
    { url: () => `https://%31%32%37.0.0.1:${v4.port}/`, range: 'loopback' },
  ],
  ['127.0.0.1. (trailing dot)', { url: () => `https://127.0.0.1.:${v4.port}/`, range: 'loopback' }],
  ['①②⑦.0.0.1 (IDNA digits)', { url: () => `https://①②⑦.0.0.1:${v4.port}/`, range: 'loopback' }],
  ['[::ffff:127.0.0.1]', { url: () => `https://[::ffff:127.0.0.1]:${v4.port}/`, range: 'loopback' }],
  ['[::ffff:7f00:1]', { url: () => `https://[::ffff:7f00:1]:${v4.port}/`, range: 'loopback' }],
  ['0.0.0.0', { url: () => `https://0.0.0.0:${v4.port}/`, range: 'unspecified' }],
  ['0 (zero)', { url: () => `https://0:${v4.port}/`, range: 'unspecified' }],
  ['[::1]', { url: () => `https://[::1]:${v6.port}/`, range: 'loopback' }],
  ['[::]', { url: () => `https://[::]:${v6.port}/`, range: 'unspecified' }],
  [
    '[0:0:0:0:0:0:0:1] (long form)',
    { url: () => `https://[0:0:0:0:0:0:0:1]:${v6.port}/`, range: 'loopback' },
  ],
  ['localhost', { url: () => `https://localhost:${v4.port}/`, range: 'name' }],
  ['LOCALHOST. (case, trailing dot)', { url: () => `https://LOCALHOST.:${v4.port}/`, range: 'name' }],
  ['api.localhost', { url: () => `https://api.localhost:${v4.port}/`, range: 'name' }],
  ['http://127.0.0.1 (plain http)', { url: () => `http://127.0.0.1:${v4.port}/`, range: 'scheme' }],
  [
    'credentials@127.0.0.1',
    { url: () => `https://hooks.example.com@127.0.0.1:${v4.port}/`, range: 'loopback' },
  ],
  [
    'a name resolving to 127.0.0.1',
    { url: () => `https://loopback.example:${v4.port}/`, range: 'loopback', resolves: 'loopback.example' },
  ],
  [
    'a name resolving to ::1',
    { url: () => `https://loopback6.example:${v6.port}/`, range: 'loopback', resolves: 'loopback6.example' },
  ],
  [
    'a name resolving to ::ffff:127.0.0.1',
    { url: () => `https://mapped.example:${v4.port}/`, range: 'loopback', resolves: 'mapped.example' },
  ],
];

/** Forms that would leave this machine: never dialed, the recording connector proves nothing was attempted. */
const REMOTE_ROWS: [string, Row][] = [
  ['[::127.0.0.1] (IPv4-compatible)', { url: () => 'https://[::127.0.0.1]/', range: 'loopback' }],
  ['[2002:7f00:1::] (6to4 loopback)', { url: () => 'https://[2002:7f00:1::]/', range: 'loopback' }],
  ['[64:ff9b::7f00:1] (NAT64 loopback)', { url: () => 'https://[64:ff9b::7f00:1]/', range: 'loopback' }],
  ['[64:ff9b::10.0.0.1] (NAT64 private)', { url: () => 'https://[64:ff9b::10.0.0.1]/', range: 'private' }],
  [
    'Teredo form of 127.0.0.1',
    { url: () => 'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', range: 'loopback' },
  ],
  [
    '169.254.169.254 (metadata)',
    { url: () => 'https://169.254.169.254/latest/meta-data/', range: 'metadata' },
  ],
  ['[fd00:ec2::254] (metadata)', { url: () => 'https://[fd00:ec2::254]/', range: 'metadata' }],
  [
    '[::ffff:169.254.169.254] (mapped metadata)',
    { url: () => 'https://[::ffff:169.254.169.254]/', range: 'metadata' },
  ],
  ['0xa9fea9fe (hex metadata)', { url: () => 'https://0xa9fea9fe/', range: 'metadata' }],
  ['10.0.0.1', { url: () => 'https://10.0.0.1/', range: 'private' }],
  ['172.16.0.1', { url: () => 'https://172.16.0.1/', range: 'private' }],
  ['172.31.255.254', { url: () => 'https://172.31.255.254/', range: 'private' }],
  ['192.168.0.1', { url: () => 'https://192.168.0.1/', range: 'private' }],
  ['100.64.0.1 (CGNAT)', { url: () => 'https://100.64.0.1/', range: 'carrierGradeNat' }],
  ['169.254.10.10 (link-local)', { url: () => 'https://169.254.10.10/', range: 'linkLocal' }],
  ['[fe80::1] (link-local)', { url: () => 'https://[fe80::1]/', range: 'linkLocal' }],
  ['[fc00::1] (unique-local)', { url: () => 'https://[fc00::1]/', range: 'uniqueLocal' }],
  ['224.0.0.1 (multicast)', { url: () => 'https://224.0.0.1/', range: 'multicast' }],
  ['[ff02::1] (multicast)', { url: () => 'https://[ff02::1]/', range: 'multicast' }],
  ['255.255.255.255 (broadcast)', { url: () => 'https://255.255.255.255/', range: 'broadcast' }],
  ['192.0.2.1 (TEST-NET-1)', { url: () => 'https://192.0.2.1/', range: 'documentation' }],
  ['198.51.100.1 (TEST-NET-2)', { url: () => 'https://198.51.100.1/', range: 'documentation' }],
  ['203.0.113.1 (TEST-NET-3)', { url: () => 'https://203.0.113.1/', range: 'documentation' }],
  ['[2001:db8::1] (documentation)', { url: () => 'https://[2001:db8::1]/', range: 'documentation' }],
  ['198.18.0.1 (benchmarking)', { url: () => 'https://198.18.0.1/', range: 'benchmarking' }],
  ['240.0.0.1 (reserved)', { url: () => 'https://240.0.0.1/', range: 'reserved' }],
  ['printer.local', { url: () => 'https://printer.local/', range: 'name' }],
  [
    'metadata.google.internal',
    { url: () => 'https://metadata.google.internal/computeMetadata/v1/', range: 'name' },
  ],
  [
    'a name resolving to 10.1.2.3',
    { url: () => 'https://intranet.example/', range: 'private', resolves: 'intranet.example' },
  ],
  [
    'a name resolving to 192.168.10.20',
    { url: () => 'https://office.example/', range: 'private', resolves: 'office.example' },
  ],
  [
    'a name resolving to 172.17.0.2',
    { url: () => 'https://docker.example/', range: 'private', resolves: 'docker.example' },
  ],
  [
    'a name resolving to 100.64.1.1',
    { url: () => 'https://cgnat.example/', range: 'carrierGradeNat', resolves: 'cgnat.example' },
  ],
  [
    'a name resolving to metadata',
    { url: () => 'https://metadata.example/', range: 'metadata', resolves: 'metadata.example' },
  ],
  [
    'a name resolving to IPv6 metadata',
    { url: () => 'https://metadata6.example/', range: 'metadata', resolves: 'metadata6.example' },
  ],
  [
    'a name resolving to a ULA',
    { url: () => 'https://ula.example/', range: 'uniqueLocal', resolves: 'ula.example' },
  ],
  [
    'a name resolving to fe80::1',
    { url: () => 'https://linklocal.example/', range: 'linkLocal', resolves: 'linklocal.example' },
  ],
  [
    'a name resolving to NAT64 private',
    { url: () => 'https://nat64.example/', range: 'private', resolves: 'nat64.example' },
  ],
  [
    // Kept away from the real connector: with a broken check it could dial the public address.
    'a name resolving to a public and a loopback address',
    { url: () => 'https://mixed-loopback.example/', range: 'loopback', resolves: 'mixed-loopback.example' },
  ],
  [
    'a name with public addresses and one private',
    { url: () => 'https://mixed-private.example/', range: 'private', resolves: 'mixed-private.example' },
  ],
];

async function expectBlocked(run: Promise<unknown>, row: Row) {
  const error = await run.then(
    () => {
      throw new Error('the call was not refused');
    },
    (e: unknown) => e,
  );
  if (!isWebhookError(error)) throw error;
  expect(error.code).toBe('webhook_blocked');
  if (row.range !== 'name' && row.range !== 'scheme') expect(error.range).toBe(row.range);
  if (row.range === 'name') expect(error.message).toContain('names a local host');
  if (row.range === 'scheme') expect(error.message).toContain('https://');
}

describe('webhook URL forms that route to this machine (canaries must see no connection)', () => {
  it.each(LOOPBACK_ROWS)('refuses %s', async (_label, row) => {
    const before = canaries().map((c) => c.connections);
    const resolve = fakeResolver(RESOLVER_TABLE());
    const execute = createWebhookExecutor({ localUrlsEnabled: false, timeoutMs: 2000, resolve });
    await expectBlocked(execute(webhookTool(row.url()), { q: 1 }), row);
    expect(resolve.calls).toEqual(row.resolves ? [row.resolves] : []);
    expect(canaries().map((c) => c.connections)).toEqual(before);
  });

  it('the canaries do see a call when local URLs are enabled (so a silent canary means something)', async () => {
    const resolve = fakeResolver(RESOLVER_TABLE());
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000, resolve });
    const urls: [string, TestServer][] = [
      [`http://127.0.0.1:${v4.port}/`, v4],
      [`http://2130706433:${v4.port}/`, v4],
      [`http://[::ffff:127.0.0.1]:${v4.port}/`, v4],
      [`http://127.0.0.2:${v4b.port}/`, v4b],
      [`http://[::1]:${v6.port}/`, v6],
      [`http://loopback.example:${v4.port}/`, v4],
    ];
    for (const [url, canary] of urls) {
      const before = canary.requests.length;
      await expect(execute(webhookTool(url), {})).resolves.toEqual({ canary: canary.host });
      expect(canary.requests.length).toBe(before + 1);
    }
  });
});

describe('webhook URL forms that would leave this machine (never dialed)', () => {
  it.each(REMOTE_ROWS)('refuses %s', async (_label, row) => {
    const resolve = fakeResolver(RESOLVER_TABLE());
    const connect = recordingConnector();
    const execute = createWebhookExecutor({ localUrlsEnabled: false, timeoutMs: 2000, resolve, connect });
    await expectBlocked(execute(webhookTool(row.url()), { q: 1 }), row);
    expect(resolve.calls).toEqual(row.resolves ? [row.resolves] : []);
    expect(connect.calls).toEqual([]);
  });
});
