import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { EmailDeliveryError } from './email-provider';

function blockList(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/');
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** Refused even with EMAIL_ALLOW_PRIVATE_HOSTS: the cloud instance metadata services. */
const CLOUD_METADATA = blockList(['169.254.169.254/32', 'fd00:ec2::254/128']);

/** Refused unless EMAIL_ALLOW_PRIVATE_HOSTS. IPv4 rules also match IPv4-mapped IPv6 addresses. */
const NON_PUBLIC_RANGES = Object.entries({
  unspecified: ['0.0.0.0/8', '::/128'],
  loopback: ['127.0.0.0/8', '::1/128'],
  'private (RFC 1918)': ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  'carrier-grade NAT': ['100.64.0.0/10'],
  'link-local': ['169.254.0.0/16', 'fe80::/10'],
  'unique-local': ['fc00::/7'],
  multicast: ['224.0.0.0/4', 'ff00::/8'],
}).map(([kind, cidrs]) => [kind, blockList(cidrs)] as const);

/** Why connecting to this IP address is refused, or null when it is allowed. */
export function refusalReason(address: string, allowPrivate: boolean): string | null {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (CLOUD_METADATA.check(address, family)) return 'cloud metadata';
  if (allowPrivate) return null;
  return NON_PUBLIC_RANGES.find(([, list]) => list.check(address, family))?.[0] ?? null;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * SSRF protection for outgoing email connections: resolves a host and answers the address to
 * connect to, refusing hosts that resolve to any refused address. Callers connect to that very
 * address, so a second DNS answer (rebinding) never reaches the socket.
 */
export class AddressGuard {
  constructor(private readonly allowPrivate: boolean) {}

  async resolve(host: string): Promise<ResolvedAddress> {
    const name = host.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(name) ? [{ address: name, family: isIP(name) }] : await resolveAll(name);
    for (const { address } of addresses) {
      const reason = refusalReason(address, this.allowPrivate);
      if (reason) {
        throw new EmailDeliveryError(
          `${name} resolves to ${address} (${reason}), which is refused`,
        );
      }
    }
    const [first] = addresses;
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  }
}

async function resolveAll(name: string) {
  try {
    return await lookup(name, { all: true, verbatim: true });
  } catch {
    throw new EmailDeliveryError(`${name} could not be resolved`);
  }
}
