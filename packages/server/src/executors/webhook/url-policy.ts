import ipaddr from 'ipaddr.js';
import { type AddressPolicyOptions, type AddressVerdict, classifyAddress } from './address-policy.js';

/** Host names that always mean "this machine or its private network", whatever DNS says. */
const LOCAL_NAMES: ReadonlySet<string> = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
]);
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa', '.lan'];

export type UrlCheck =
  | {
      allowed: true;
      /** the WHATWG-normalized URL */
      url: URL;
      /** the host without brackets and without a trailing dot */
      hostname: string;
      /** set when the host is an IP literal: its verdict (already allowed) */
      literal?: AddressVerdict;
    }
  | {
      allowed: false;
      reason: string;
      /** set when the refusal is about an IP literal */
      literal?: AddressVerdict;
    };

/**
 * The synchronous part of the webhook policy, run on the WHATWG-normalized URL (which already turned
 * decimal, octal and hex IPv4 forms into dotted quads): scheme, host name, literal IP. Names that need DNS are
 * checked later, address by address, by the safe fetch.
 */
export function checkWebhookUrl(input: string | URL, options: AddressPolicyOptions = {}): UrlCheck {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    return { allowed: false, reason: 'the webhook URL is not a valid absolute URL' };
  }
  const local = options.localUrlsEnabled === true;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    const reason =
      url.protocol === 'http:'
        ? 'plain http:// webhook URLs are refused; use https:// (or set WEBHOOK_LOCAL_URLS_ENABLED=true for local http targets)'
        : `the ${url.protocol.replace(/:$/, '')} scheme is refused; webhook URLs must use https://`;
    return { allowed: false, reason };
  }

  const bare = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  // "localhost." and "localhost" are the same name to DNS; the WHATWG parser keeps the trailing dot.
  const hostname = bare.replace(/\.+$/, '');
  if (hostname === '') return { allowed: false, reason: 'the webhook URL has no host' };

  if (ipaddr.isValid(hostname)) {
    const literal = classifyAddress(hostname, options);
    if (!literal.allowed) return { allowed: false, reason: literal.reason, literal };
    return { allowed: true, url, hostname, literal };
  }

  if (!local && isLocalName(hostname)) {
    return {
      allowed: false,
      reason: `"${hostname}" names a local host (set WEBHOOK_LOCAL_URLS_ENABLED=true to allow it)`,
    };
  }
  return { allowed: true, url, hostname };
}

/** localhost, *.localhost, *.local, *.internal and friends (compared case-insensitively, trailing dot ignored). */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return LOCAL_NAMES.has(name) || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}
