import { describe, expect, it } from 'vitest';
import { type AddressRange, classifyAddress, isRangeAllowed } from './address-policy.js';

// [address, range, allowed with WEBHOOK_LOCAL_URLS_ENABLED=true, embedded IPv4 (if any)]
const TABLE: [string, AddressRange, boolean, string?][] = [
  ['127.0.0.1', 'loopback', true],
  ['127.0.0.2', 'loopback', true],
  ['127.255.255.254', 'loopback', true],
  ['::1', 'loopback', true],
  ['0.0.0.0', 'unspecified', false],
  ['0.1.2.3', 'unspecified', false],
  ['::', 'unspecified', false],
  ['10.0.0.1', 'private', true],
  ['10.255.255.255', 'private', true],
  ['172.16.0.1', 'private', true],
  ['172.31.255.254', 'private', true],
  ['192.168.1.1', 'private', true],
  ['fc00::1', 'uniqueLocal', true],
  ['fdff:ffff::1', 'uniqueLocal', true],
  ['169.254.1.1', 'linkLocal', true],
  ['fe80::1', 'linkLocal', true],
  ['febf::1', 'linkLocal', true],
  ['100.64.0.1', 'carrierGradeNat', true],
  ['100.127.255.254', 'carrierGradeNat', true],
  ['169.254.169.254', 'metadata', false],
  ['169.254.170.2', 'metadata', false],
  ['100.100.100.200', 'metadata', false],
  ['fd00:ec2::254', 'metadata', false],
  ['224.0.0.1', 'multicast', false],
  ['239.255.255.250', 'multicast', false],
  ['ff02::1', 'multicast', false],
  ['255.255.255.255', 'broadcast', false],
  ['192.0.2.1', 'documentation', false],
  ['198.51.100.1', 'documentation', false],
  ['203.0.113.1', 'documentation', false],
  ['2001:db8::1', 'documentation', false],
  ['3fff::1', 'documentation', false],
  ['198.18.0.1', 'benchmarking', false],
  ['198.19.255.254', 'benchmarking', false],
  ['2001:2::1', 'benchmarking', false],
  ['240.0.0.1', 'reserved', false],
  ['192.0.0.8', 'reserved', false],
  ['100::1', 'reserved', false],
  ['fec0::1', 'reserved', false],
  ['4000::1', 'reserved', false],
  ['64:ff9b:1::a00:1', 'special', false],
  // IPv4 addresses carried inside IPv6 ones are judged by what they carry.
  ['::ffff:127.0.0.1', 'loopback', true, '127.0.0.1'],
  ['::ffff:7f00:1', 'loopback', true, '127.0.0.1'],
  ['::ffff:10.0.0.1', 'private', true, '10.0.0.1'],
  ['::ffff:169.254.169.254', 'metadata', false, '169.254.169.254'],
  ['::ffff:0.0.0.0', 'unspecified', false, '0.0.0.0'],
  ['::ffff:0:127.0.0.1', 'loopback', true, '127.0.0.1'],
  ['::7f00:1', 'loopback', true, '127.0.0.1'],
  ['::192.168.0.1', 'private', true, '192.168.0.1'],
  ['::8.8.8.8', 'reserved', false, '8.8.8.8'],
  ['64:ff9b::7f00:1', 'loopback', true, '127.0.0.1'],
  ['64:ff9b::a9fe:a9fe', 'metadata', false, '169.254.169.254'],
  ['64:ff9b::c0a8:101', 'private', true, '192.168.1.1'],
  ['2002:7f00:1::', 'loopback', true, '127.0.0.1'],
  ['2002:a00:1::1', 'private', true, '10.0.0.1'],
  ['2002:a9fe:a9fe::', 'metadata', false, '169.254.169.254'],
  ['2002:e000:1::', 'multicast', false, '224.0.0.1'],
  // Teredo: client 127.0.0.1 stored inverted (80ff:fffe), server 65.54.227.120.
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback', true, '127.0.0.1'],
  // Teredo with a public client but a private server.
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private', true, '10.0.0.1'],
  // The RFC 4380 example: client 192.0.2.45.
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'documentation', false, '192.0.2.45'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:82a::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('classifyAddress', () => {
  it.each(TABLE)('%s is %s', (address, range, allowedWhenLocal, embedded) => {
    const strict = classifyAddress(address);
    expect(strict.range).toBe(range);
    expect(strict.allowed).toBe(false);
    expect(strict.embedded?.ipv4).toBe(embedded);
    expect(strict.reason).toContain(strict.address);
    if (embedded) expect(strict.reason).toContain(embedded);

    const local = classifyAddress(address, { localUrlsEnabled: true });
    expect(local.range).toBe(range);
    expect(local.allowed).toBe(allowedWhenLocal);
  });

  it.each(PUBLIC)('%s is public and allowed', (address) => {
    const verdict = classifyAddress(address);
    expect(verdict).toMatchObject({ range: 'public', allowed: true });
    expect(classifyAddress(address, { localUrlsEnabled: true }).allowed).toBe(true);
  });

  it('refuses metadata addresses always and says so', () => {
    for (const address of ['169.254.169.254', 'fd00:ec2::254', '::ffff:a9fe:a9fe', '2002:a9fe:a9fe::']) {
      const verdict = classifyAddress(address, { localUrlsEnabled: true });
      expect(verdict).toMatchObject({ allowed: false, range: 'metadata' });
      expect(verdict.reason).toMatch(/metadata.*refused always/);
    }
  });

  it('tells how to allow local ranges, and only those', () => {
    expect(classifyAddress('10.1.2.3').reason).toContain('WEBHOOK_LOCAL_URLS_ENABLED=true');
    expect(classifyAddress('224.0.0.1').reason).not.toContain('WEBHOOK_LOCAL_URLS_ENABLED');
  });

  it('normalizes IPv6 text and accepts brackets', () => {
    expect(classifyAddress('[0:0:0:0:0:FFFF:7F00:0001]')).toMatchObject({
      address: '::ffff:7f00:1',
      range: 'loopback',
    });
    expect(classifyAddress('FD00:EC2:0::254').range).toBe('metadata');
  });

  it('reads a dotted IPv4 tail as the form it really is (not as IPv4-mapped)', () => {
    expect(classifyAddress('::127.0.0.1').embedded).toEqual({ form: 'ipv4Compatible', ipv4: '127.0.0.1' });
    expect(classifyAddress('::ffff:127.0.0.1').embedded).toEqual({ form: 'ipv4Mapped', ipv4: '127.0.0.1' });
    expect(classifyAddress('64:ff9b::10.0.0.1').embedded).toEqual({ form: 'nat64', ipv4: '10.0.0.1' });
    expect(classifyAddress('::8.8.8.8')).toMatchObject({ allowed: false, address: '::808:808' });
  });

  it('ignores an IPv6 zone when classifying', () => {
    expect(classifyAddress('fe80::1%eth0')).toMatchObject({ range: 'linkLocal', address: 'fe80::1' });
  });

  it('refuses text that is not an address', () => {
    for (const text of ['', 'localhost', '999.1.1.1', '1.2.3.4.5', '::g']) {
      expect(classifyAddress(text, { localUrlsEnabled: true })).toMatchObject({
        allowed: false,
        range: 'invalid',
      });
    }
  });

  it('opens only the local ranges with localUrlsEnabled', () => {
    const open = ['loopback', 'private', 'uniqueLocal', 'linkLocal', 'carrierGradeNat', 'public'];
    const ranges: AddressRange[] = [...new Set(TABLE.map(([, range]) => range)), 'public', 'invalid'];
    for (const range of ranges) {
      expect(isRangeAllowed(range, { localUrlsEnabled: true })).toBe(open.includes(range));
      expect(isRangeAllowed(range)).toBe(range === 'public');
    }
  });
});
