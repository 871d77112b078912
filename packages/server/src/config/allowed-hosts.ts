import ipaddr from 'ipaddr.js';

/** One ALLOWED_HOSTS entry: a name (`*.` prefix = any subdomain) or address, and maybe a port. */
export interface AllowedHost {
  /** lowercase; IPv6 without brackets; for a wildcard, the suffix after `*.` */
  name: string;
  wildcard: boolean;
  /** undefined = any port */
  port: number | undefined;
}

/** A Host value (or ALLOWED_HOSTS entry) split into name and port. */
export interface HostAndPort {
  name: string;
  port: number | undefined;
}

const LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

function validName(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  if (ipaddr.IPv4.isValidFourPartDecimal(name)) return true;
  return name.split('.').every((label) => LABEL.test(label));
}

/**
 * Splits `name[:port]` or `[v6][:port]`; lowercases; drops one trailing dot (`localhost.` is `localhost`).
 * Undefined when it is not a plain host: no scheme, path, user info or spaces.
 */
export function splitHost(value: string): HostAndPort | undefined {
  const text = value.trim().toLowerCase();
  let name: string;
  let portText: string | undefined;
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    if (!ipaddr.IPv6.isValid(bracketed[1])) return undefined;
    name = ipaddr.IPv6.parse(bracketed[1]).toString();
    portText = bracketed[2];
  } else {
    const plain = /^([^:[\]]+)(?::(\d+))?$/.exec(text);
    if (!plain) return undefined;
    name = plain[1].endsWith('.') ? plain[1].slice(0, -1) : plain[1];
    if (!validName(name)) return undefined;
    portText = plain[2];
  }
  if (portText === undefined) return { name, port: undefined };
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return undefined;
  return { name, port };
}

/** Parses one ALLOWED_HOSTS entry; undefined when it is not one. */
export function parseAllowedHost(entry: string): AllowedHost | undefined {
  const wildcard = entry.trim().startsWith('*.');
  const split = splitHost(wildcard ? entry.trim().slice(2) : entry);
  if (!split) return undefined;
  // `*.10.0.0.1` is a mistake: addresses have no subdomains
  if (wildcard && ipaddr.isValid(split.name)) return undefined;
  return { name: split.name, wildcard, port: split.port };
}

/** The entry as the config keeps it (normalized text). */
export function formatAllowedHost(host: AllowedHost): string {
  const name = host.name.includes(':') ? `[${host.name}]` : host.name;
  return `${host.wildcard ? '*.' : ''}${name}${host.port === undefined ? '' : `:${host.port}`}`;
}
