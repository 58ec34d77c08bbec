import { AddressGuard, refusalReason, UNRESOLVED_HOST } from './address-guard';

describe('refusalReason', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private (RFC 1918)'],
    ['10.255.255.255', 'private (RFC 1918)'],
    ['172.16.0.1', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['192.168.0.1', 'private (RFC 1918)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fdff:1234::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(refusalReason(address, false)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private (RFC 1918)'],
    ['::ffff:100.64.0.1', 'carrier-grade NAT'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
  ])('applies the IPv4 ranges to the IPv4-mapped IPv6 address %s (%s)', (address, kind) => {
    expect(refusalReason(address, false)).toBe(kind);
  });

  it.each([
    ['::10.1.2.3', 'private (RFC 1918)'],
    ['[::127.0.0.1]', 'loopback'],
    ['::ffff:0:10.1.2.3', 'private (RFC 1918)'],
    ['64:ff9b::169.254.169.254', 'cloud metadata'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::c0a8:101', 'private (RFC 1918)'],
    ['2002:a9fe:a9fe::1', 'cloud metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:ac10:1:5::1', 'private (RFC 1918)'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['0:0:0:0:0:0:a9fe:a9fe', 'cloud metadata'],
    ['64:FF9B:0:0:0:0:A9FE:A9FE', 'cloud metadata'],
  ])('applies the IPv4 ranges to the IPv4 address %s carries (%s)', (address, kind) => {
    expect(refusalReason(address.replace(/^\[(.*)\]$/, '$1'), false)).toBe(kind);
  });

  it.each([
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['fec0::1', 'site-local'],
    ['255.255.255.255', 'reserved'],
    ['64:ff9b::c612:1', 'benchmarking'],
    ['2002:f000:1::', 'reserved'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(refusalReason(address, false)).toBe(kind);
  });

  it.each([
    ['2001::', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:0:ffff:ffff:ffff:ffff:ffff:ffff', 'Teredo'],
    ['192.0.0.0', 'IETF protocol assignments'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.0.255', 'IETF protocol assignments'],
    ['::ffff:192.0.0.170', 'IETF protocol assignments'],
    ['100::', 'discard-only'],
    ['100::ffff:ffff:ffff:ffff', 'discard-only'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(refusalReason(address, false)).toBe(kind);
  });

  it.each([
    '2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:1::',
    '191.255.255.255',
    '192.0.1.0',
    'ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '100:0:0:1::',
  ])('allows %s, just outside the Teredo, IETF protocol and discard-only ranges', (address) => {
    expect(refusalReason(address, false)).toBeNull();
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '9.255.255.255',
    '11.0.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '198.17.255.255',
    '198.20.0.0',
  ])('allows the public address %s', (address) => {
    expect(refusalReason(address, false)).toBeNull();
  });

  it.each(['169.254.169.254', 'fd00:ec2::254', 'FD00:EC2:0:0:0:0:0:254', '::ffff:a9fe:a9fe'])(
    'refuses the cloud metadata address %s even when private hosts are allowed',
    (address) => {
      expect(refusalReason(address, true)).toBe('cloud metadata');
      expect(refusalReason(address, false)).toBe('cloud metadata');
    },
  );

  it.each(['2001::', '2001:0:4136:e378:8000:63bf:5601:5601'])(
    'refuses the Teredo address %s even when private hosts are allowed',
    (address) => {
      expect(refusalReason(address, true)).toBe('Teredo');
    },
  );

  it.each(['127.0.0.1', '10.0.0.1', '100.64.0.1', '169.254.1.1', 'fd12::1', '::1', '192.0.0.8'])(
    'allows %s when private hosts are allowed',
    (address) => {
      expect(refusalReason(address, true)).toBeNull();
    },
  );
});

describe('AddressGuard', () => {
  const strict = new AddressGuard(false);
  const lenient = new AddressGuard(true);

  it('answers an allowed IP literal itself, with or without brackets', async () => {
    await expect(strict.resolve('8.8.8.8')).resolves.toEqual({ address: '8.8.8.8', family: 4 });
    await expect(strict.resolve('[2606:4700::1111]')).resolves.toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
  });

  it('refuses a literal naming its range, and a name resolving to a refused address saying neither', async () => {
    await expect(strict.resolve('[::1]')).rejects.toMatchObject({
      reason: '::1 is refused (loopback)',
    });
    await expect(strict.resolve('[64:ff9b::a9fe:a9fe]')).rejects.toMatchObject({
      reason: '64:ff9b::a9fe:a9fe is refused (cloud metadata)',
    });
    await expect(strict.resolve('localhost')).rejects.toMatchObject({
      reason: UNRESOLVED_HOST,
    });
    await expect(lenient.resolve('localhost')).resolves.toMatchObject({
      family: expect.any(Number),
    });
  });

  it('refuses the metadata address even when private hosts are allowed', async () => {
    await expect(lenient.resolve('169.254.169.254')).rejects.toThrow('(cloud metadata)');
    await expect(lenient.resolve('[::ffff:169.254.169.254]')).rejects.toThrow('(cloud metadata)');
    await expect(lenient.resolve('[::169.254.169.254]')).rejects.toThrow('(cloud metadata)');
    await expect(lenient.resolve('[64:ff9b::169.254.169.254]')).rejects.toThrow('(cloud metadata)');
    await expect(lenient.resolve('[2002:a9fe:a9fe::]')).rejects.toThrow('(cloud metadata)');
  });

  it('reports a host name that does not resolve as one that resolves to a refused address', async () => {
    await expect(strict.resolve('nowhere.invalid')).rejects.toMatchObject({
      reason: UNRESOLVED_HOST,
    });
    expect(UNRESOLVED_HOST).not.toMatch(/nowhere|localhost|loopback/);
  });
});
