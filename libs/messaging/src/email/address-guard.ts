import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { EmailDeliveryError } from './email-provider';

/**
 * The IPv6 forms of an IPv4 network: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated
 * (`::ffff:0:a.b.c.d`), IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`) and 6to4
 * (`2002:AABB:CCDD::/48`). A connection to any of them may reach the IPv4 address itself.
 */
function ipv6Forms(network: string, prefix: number): [string, number][] {
  const [a, b, c, d] = network.split('.').map(Number);
  const word = (high: number, low: number) => ((high << 8) | low).toString(16);
  return [
    [`::ffff:${network}`, 96 + prefix],
    [`::ffff:0:${network}`, 96 + prefix],
    [`::${network}`, 96 + prefix],
    [`64:ff9b::${network}`, 96 + prefix],
    [`2002:${word(a, b)}:${word(c, d)}::`, 16 + prefix],
  ];
}

/** A BlockList of the CIDRs; each IPv4 network in its IPv6 forms too. */
function blockList(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, bits] = cidr.split('/');
    const prefix = Number(bits);
    if (isIP(network) === 6) {
      list.addSubnet(network, prefix, 'ipv6');
      continue;
    }
    list.addSubnet(network, prefix, 'ipv4');
    for (const [form, length] of ipv6Forms(network, prefix)) list.addSubnet(form, length, 'ipv6');
  }
  return list;
}

/** Named ranges, each kind's CIDRs in one BlockList. */
function ranges(kinds: Record<string, string[]>) {
  return Object.entries(kinds).map(([kind, cidrs]) => [kind, blockList(cidrs)] as const);
}

/** The kind of the first of the ranges holding the address, or null. */
function kindOf(
  named: ReturnType<typeof ranges>,
  address: string,
  family: 'ipv4' | 'ipv6',
): string | null {
  return named.find(([, list]) => list.check(address, family))?.[0] ?? null;
}

/**
 * Refused even with EMAIL_ALLOW_PRIVATE_HOSTS: the cloud instance metadata services, and Teredo,
 * whose addresses embed the IPv4 address they tunnel to (the client's, obfuscated, where no prefix
 * can match it), so that it may reach any IPv4 address, the metadata service's among them.
 */
const ALWAYS_REFUSED = ranges({
  'cloud metadata': ['169.254.169.254/32', 'fd00:ec2::254/128'],
  Teredo: ['2001::/32'],
});

/**
 * Refused unless EMAIL_ALLOW_PRIVATE_HOSTS, named by the first kind that matches (loopback before
 * unspecified: `::1` is also the IPv4-compatible form of 0.0.0.1).
 */
const NON_PUBLIC_RANGES = ranges({
  loopback: ['127.0.0.0/8', '::1/128'],
  unspecified: ['0.0.0.0/8', '::/128'],
  'private (RFC 1918)': ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  'carrier-grade NAT': ['100.64.0.0/10'],
  'link-local': ['169.254.0.0/16', 'fe80::/10'],
  'unique-local': ['fc00::/7'],
  'site-local': ['fec0::/10'],
  multicast: ['224.0.0.0/4', 'ff00::/8'],
  benchmarking: ['198.18.0.0/15'],
  reserved: ['240.0.0.0/4'],
  'IETF protocol assignments': ['192.0.0.0/24'],
  'discard-only': ['100::/64'],
  // Translates to IPv4 addresses inside one network, at a position its prefix length decides.
  'local-use NAT64': ['64:ff9b:1::/48'],
});

/** Why connecting to this IP address is refused, or null when it is allowed. */
export function refusalReason(address: string, allowPrivate: boolean): string | null {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const always = kindOf(ALWAYS_REFUSED, address, family);
  if (always || allowPrivate) return always;
  return kindOf(NON_PUBLIC_RANGES, address, family);
}

/**
 * What a host name is told when it does not resolve and when it resolves to a refused address
 * alike, naming neither the host nor a range: telling the two apart would let an admin map the
 * names of the internal network.
 */
export const UNRESOLVED_HOST = 'the host name does not resolve, or resolves to a refused address';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * SSRF protection for outgoing email connections and event deliveries: resolves a host and answers
 * the address to connect to, refusing hosts that resolve to any refused address. Callers connect to
 * that very address, so a second DNS answer (rebinding) never reaches the socket. A refused IP
 * literal is told its range; a host name is told UNRESOLVED_HOST whether it is refused or does not
 * resolve.
 */
export class AddressGuard {
  constructor(private readonly allowPrivate: boolean) {}

  async resolve(host: string): Promise<ResolvedAddress> {
    const name = host.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(name) ? [{ address: name, family: isIP(name) }] : await resolveAll(name);
    for (const { address } of addresses) {
      const reason = refusalReason(address, this.allowPrivate);
      if (!reason) continue;
      throw new EmailDeliveryError(isIP(name) ? `${name} is refused (${reason})` : UNRESOLVED_HOST);
    }
    const [first] = addresses;
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  }
}

async function resolveAll(name: string) {
  try {
    return await lookup(name, { all: true, verbatim: true });
  } catch {
    throw new EmailDeliveryError(UNRESOLVED_HOST);
  }
}
