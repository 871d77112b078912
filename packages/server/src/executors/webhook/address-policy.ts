import ipaddr from 'ipaddr.js';

/**
 * Where an address points, as far as the webhook policy cares. `public` is the only range allowed by default;
 * the local ranges open up with `localUrlsEnabled`; the rest are refused always.
 */
export type AddressRange =
  | 'public'
  | 'metadata'
  | 'loopback'
  | 'private'
  | 'uniqueLocal'
  | 'linkLocal'
  | 'carrierGradeNat'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'special'
  | 'invalid';

/** How an IPv6 address carries an IPv4 one. */
export type EmbeddingForm = 'ipv4Mapped' | 'ipv4Translated' | 'ipv4Compatible' | 'nat64' | '6to4' | 'teredo';

export interface AddressVerdict {
  allowed: boolean;
  /** why, in words fit for an error message */
  reason: string;
  range: AddressRange;
  /** the address in its canonical text form (IPv6 per RFC 5952) */
  address: string;
  /** set when the verdict comes from an IPv4 address embedded in an IPv6 one */
  embedded?: { form: EmbeddingForm; ipv4: string };
}

export interface AddressPolicyOptions {
  /** WEBHOOK_LOCAL_URLS_ENABLED: also allow loopback, private, unique-local, link-local and CGNAT targets */
  localUrlsEnabled?: boolean;
}

/** Ranges a self-hosted setup may legitimately call when local URLs are enabled. */
const LOCAL_RANGES: ReadonlySet<AddressRange> = new Set([
  'loopback',
  'private',
  'uniqueLocal',
  'linkLocal',
  'carrierGradeNat',
]);

/**
 * Cloud instance-metadata endpoints, refused even with local URLs enabled: AWS/GCP/Azure/OpenStack
 * (169.254.169.254, fd00:ec2::254), AWS ECS/EKS credential endpoints, Alibaba Cloud.
 */
const METADATA_ADDRESSES: ReadonlySet<string> = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  'fd00:ec2::254',
  'fd00:ec2::23',
]);

const cidr = (text: string) => ipaddr.parseCIDR(text);
const IPV4_DOCUMENTATION = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'].map(cidr);
const IPV4_BENCHMARKING = [cidr('198.18.0.0/15')];
const IPV6_DOCUMENTATION = ['2001:db8::/32', '3fff::/20'].map(cidr);
const IPV6_GLOBAL_UNICAST = cidr('2000::/3');
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');
const NAT64_LOCAL_USE = cidr('64:ff9b:1::/48');
const IPV4_COMPATIBLE = cidr('::/96');
const IPV4_TRANSLATED = cidr('::ffff:0:0:0/96');
const SIX_TO_FOUR = cidr('2002::/16');
const TEREDO = cidr('2001::/32');

/** Each range in words, with its article, for error messages. */
const LABELS: Record<AddressRange, string> = {
  public: 'a public',
  metadata: 'a cloud metadata',
  loopback: 'a loopback',
  private: 'a private',
  uniqueLocal: 'a unique-local (private)',
  linkLocal: 'a link-local',
  carrierGradeNat: 'a carrier-grade NAT',
  unspecified: 'an unspecified',
  multicast: 'a multicast',
  broadcast: 'a broadcast',
  documentation: 'a documentation',
  benchmarking: 'a benchmarking',
  reserved: 'a reserved',
  special: 'a special-purpose',
  invalid: 'an invalid',
};

const FORM_LABELS: Record<EmbeddingForm, string> = {
  ipv4Mapped: 'IPv4-mapped',
  ipv4Translated: 'IPv4-translated',
  ipv4Compatible: 'IPv4-compatible',
  nat64: 'NAT64',
  '6to4': '6to4',
  teredo: 'Teredo',
};

/** Refusal order when two embedded addresses disagree (Teredo): the most dangerous wins. */
const SEVERITY: AddressRange[] = [
  'metadata',
  'invalid',
  'unspecified',
  'loopback',
  'linkLocal',
  'private',
  'uniqueLocal',
  'carrierGradeNat',
  'broadcast',
  'multicast',
  'documentation',
  'benchmarking',
  'reserved',
  'special',
  'public',
];

/** Is this range allowed under the options? Metadata and non-routable ranges never are. */
export function isRangeAllowed(range: AddressRange, options: AddressPolicyOptions = {}): boolean {
  if (range === 'public') return true;
  return options.localUrlsEnabled === true && LOCAL_RANGES.has(range);
}

/**
 * Classify one IP address (text, optionally in brackets) for the webhook policy. Embedded IPv4 addresses
 * (IPv4-mapped/-translated/-compatible, NAT64, 6to4, Teredo) are judged by the address they carry.
 */
export function classifyAddress(ip: string, options: AddressPolicyOptions = {}): AddressVerdict {
  const text = normalizeIPv6Text(ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip);
  if (text === null || !ipaddr.isValid(text)) {
    return {
      allowed: false,
      range: 'invalid',
      address: ip,
      reason: `${JSON.stringify(ip)} is not an IP address`,
    };
  }
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4')
    return verdict(parsed.toString(), classifyIPv4(parsed as ipaddr.IPv4), options);

  const v6 = parsed as ipaddr.IPv6;
  const address = v6.toRFC5952String();
  const direct = classifyIPv6Directly(v6, address);
  if (direct) return verdict(address, direct, options);

  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const ranges = embedded.ipv4.map(classifyIPv4);
    let range = ranges.reduce((worst, r) => (SEVERITY.indexOf(r) < SEVERITY.indexOf(worst) ? r : worst));
    // ::a.b.c.d is deprecated and no longer routed; only its non-public forms deserve their own reason.
    if (embedded.form === 'ipv4Compatible' && range === 'public') range = 'reserved';
    const shown = embedded.ipv4[ranges.indexOf(range)] ?? embedded.ipv4[0];
    return verdict(address, range, options, { form: embedded.form, ipv4: shown.toString() });
  }
  return verdict(address, classifyIPv6Range(v6), options);
}

/**
 * ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`, while the address really is IPv4-compatible `::xxxx:xxxx`
 * (and glibc prints such addresses with a dotted tail). The WHATWG host parser gets it right, so IPv6 text with
 * a dotted tail goes through it first. A zone (`%eth0`) is dropped: it does not change the range.
 */
function normalizeIPv6Text(text: string): string | null {
  if (!text.includes(':')) return text;
  const bare = text.split('%')[0];
  if (!bare.includes('.')) return bare;
  try {
    return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

function verdict(
  address: string,
  range: AddressRange,
  options: AddressPolicyOptions,
  embedded?: { form: EmbeddingForm; ipv4: string },
): AddressVerdict {
  const allowed = isRangeAllowed(range, options);
  const what = embedded
    ? `${address} is the ${FORM_LABELS[embedded.form]} form of ${embedded.ipv4}, ${LABELS[range]} address`
    : `${address} is ${LABELS[range]} address`;
  let reason = what;
  if (range === 'metadata') reason = `${what}, refused always`;
  else if (!allowed && LOCAL_RANGES.has(range))
    reason = `${what} (set WEBHOOK_LOCAL_URLS_ENABLED=true to allow it)`;
  return embedded ? { allowed, reason, range, address, embedded } : { allowed, reason, range, address };
}

function classifyIPv4(ip: ipaddr.IPv4): AddressRange {
  if (METADATA_ADDRESSES.has(ip.toString())) return 'metadata';
  if (IPV4_DOCUMENTATION.some((r) => ip.match(r))) return 'documentation';
  if (IPV4_BENCHMARKING.some((r) => ip.match(r))) return 'benchmarking';
  const range: string = ip.range();
  switch (range) {
    case 'unicast':
      return 'public';
    case 'unspecified':
    case 'broadcast':
    case 'multicast':
    case 'linkLocal':
    case 'loopback':
    case 'carrierGradeNat':
    case 'private':
    case 'reserved':
      return range;
    default:
      // as112, amt and whatever ipaddr.js learns next: not a place for webhooks.
      return 'special';
  }
}

/** Ranges decided on the IPv6 address itself, before looking for an embedded IPv4 one. */
function classifyIPv6Directly(ip: ipaddr.IPv6, address: string): AddressRange | null {
  if (METADATA_ADDRESSES.has(address)) return 'metadata';
  const range: string = ip.range();
  if (range === 'unspecified' || range === 'loopback') return range;
  // Local-use NAT64 prefixes place the IPv4 address wherever the operator likes: not decodable, so refused.
  if (ip.match(NAT64_LOCAL_USE)) return 'special';
  return null;
}

function classifyIPv6Range(ip: ipaddr.IPv6): AddressRange {
  if (IPV6_DOCUMENTATION.some((r) => ip.match(r))) return 'documentation';
  const range: string = ip.range();
  switch (range) {
    case 'unicast':
      // Everything outside 2000::/3 is unassigned or special; only global unicast is public.
      return ip.match(IPV6_GLOBAL_UNICAST) ? 'public' : 'reserved';
    case 'linkLocal':
    case 'multicast':
    case 'uniqueLocal':
    case 'benchmarking':
    case 'reserved':
      return range;
    case 'deprecatedSiteLocal':
    case 'discard':
      return 'reserved';
    default:
      return 'special';
  }
}

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 address(es) an IPv6 address carries, if it is one of the embedding forms. */
function embeddedIPv4(ip: ipaddr.IPv6): { form: EmbeddingForm; ipv4: ipaddr.IPv4[] } | null {
  const p = ip.parts;
  if (ip.isIPv4MappedAddress()) return { form: 'ipv4Mapped', ipv4: [ipv4FromParts(p[6], p[7])] };
  if (ip.match(IPV4_TRANSLATED)) return { form: 'ipv4Translated', ipv4: [ipv4FromParts(p[6], p[7])] };
  if (ip.match(IPV4_COMPATIBLE)) return { form: 'ipv4Compatible', ipv4: [ipv4FromParts(p[6], p[7])] };
  if (ip.match(NAT64_WELL_KNOWN)) return { form: 'nat64', ipv4: [ipv4FromParts(p[6], p[7])] };
  if (ip.match(SIX_TO_FOUR)) return { form: '6to4', ipv4: [ipv4FromParts(p[1], p[2])] };
  if (ip.match(TEREDO)) {
    // 2001:0:SERVER:SERVER:flags:port:~CLIENT:~CLIENT — the client address is stored inverted.
    const server = ipv4FromParts(p[2], p[3]);
    const client = ipv4FromParts(~p[6] & 0xffff, ~p[7] & 0xffff);
    return { form: 'teredo', ipv4: [client, server] };
  }
  return null;
}
