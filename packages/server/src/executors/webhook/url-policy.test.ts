import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isLocalName } from './url-policy.js';

describe('checkWebhookUrl', () => {
  it('allows https to a public name and keeps the normalized URL', () => {
    const check = checkWebhookUrl('https://Hooks.Example.com:8443/a/../b?x=1');
    expect(check.allowed).toBe(true);
    if (!check.allowed) return;
    expect(check.url.href).toBe('https://hooks.example.com:8443/b?x=1');
    expect(check.hostname).toBe('hooks.example.com');
    expect(check.literal).toBeUndefined();
  });

  it('refuses plain http unless local URLs are enabled', () => {
    const strict = checkWebhookUrl('http://hooks.example.com/');
    expect(strict).toMatchObject({ allowed: false });
    if (!strict.allowed) expect(strict.reason).toMatch(/https:\/\/.*WEBHOOK_LOCAL_URLS_ENABLED/);
    expect(checkWebhookUrl('http://hooks.example.com/', { localUrlsEnabled: true }).allowed).toBe(true);
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'ws://example.com/',
    'data:,x',
  ])('refuses the scheme of %s even with local URLs enabled', (url) => {
    const check = checkWebhookUrl(url, { localUrlsEnabled: true });
    expect(check.allowed).toBe(false);
    if (!check.allowed) expect(check.reason).toMatch(/scheme is refused/);
  });

  it.each(['not a url', '/relative/path', 'https://', 'https://exa mple.com/', 'https://[::1/'])(
    'refuses the malformed URL %j',
    (url) => {
      expect(checkWebhookUrl(url, { localUrlsEnabled: true }).allowed).toBe(false);
    },
  );

  it.each([
    ['https://2130706433/', '127.0.0.1'],
    ['https://0x7f000001/', '127.0.0.1'],
    ['https://017700000001/', '127.0.0.1'],
    ['https://0x7f.0.0.1/', '127.0.0.1'],
    ['https://0177.0.0.1/', '127.0.0.1'],
    ['https://127.1/', '127.0.0.1'],
    ['https://%31%32%37.0.0.1/', '127.0.0.1'],
    ['https://127.0.0.1./', '127.0.0.1'],
    ['https://0/', '0.0.0.0'],
    ['https://3232235777/', '192.168.1.1'],
    ['https://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['https://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/', '::ffff:7f00:1'],
    ['https://[::127.0.0.1]/', '::7f00:1'],
  ])('reads %s as the literal %s and refuses it', (url, address) => {
    const check = checkWebhookUrl(url);
    expect(check.allowed).toBe(false);
    expect(check.literal?.address).toBe(address);
  });

  it('allows a public literal and reports its verdict', () => {
    const check = checkWebhookUrl('https://[2606:4700:4700::1111]:444/hook');
    expect(check).toMatchObject({ allowed: true, hostname: '2606:4700:4700::1111' });
    if (check.allowed) expect(check.literal?.range).toBe('public');
  });

  it.each([
    'https://localhost/',
    'https://LOCALHOST./',
    'https://api.localhost/',
    'https://printer.local/',
    'https://metadata.google.internal/',
    'https://router.home.arpa/',
    'https://nas.lan/',
    'https://ip6-localhost/',
  ])('refuses the local name in %s unless local URLs are enabled', (url) => {
    const check = checkWebhookUrl(url);
    expect(check.allowed).toBe(false);
    if (!check.allowed) expect(check.reason).toContain('names a local host');
    expect(checkWebhookUrl(url, { localUrlsEnabled: true }).allowed).toBe(true);
  });

  it('refuses metadata literals even with local URLs enabled', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'https://[::ffff:a9fe:a9fe]/',
    ]) {
      const check = checkWebhookUrl(url, { localUrlsEnabled: true });
      expect(check.allowed).toBe(false);
      expect(check.literal?.range).toBe('metadata');
    }
  });

  it('keeps credentials in the URL for the fetch to turn into a header, and parses them the WHATWG way', () => {
    const check = checkWebhookUrl('https://user:p%40ss@hooks.example.com/');
    expect(check.allowed).toBe(true);
    if (check.allowed) expect([check.url.username, check.url.password]).toEqual(['user', 'p%40ss']);
    // The userinfo trick: the host is what follows the last "@".
    const trick = checkWebhookUrl('https://hooks.example.com@127.0.0.1/');
    expect(trick.allowed).toBe(false);
    expect(trick.literal?.address).toBe('127.0.0.1');
  });
});

describe('isLocalName', () => {
  it('matches local names and suffixes only', () => {
    expect(isLocalName('localhost')).toBe(true);
    expect(isLocalName('a.b.localhost.')).toBe(true);
    expect(isLocalName('box.INTERNAL')).toBe(true);
    expect(isLocalName('localhost.example.com')).toBe(false);
    expect(isLocalName('notlocal')).toBe(false);
    expect(isLocalName('internal.example.com')).toBe(false);
  });
});
