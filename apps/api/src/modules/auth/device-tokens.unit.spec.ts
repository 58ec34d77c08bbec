import { loadConfig } from '@app/config';
import { DeviceTokens } from './device-tokens';

describe('DeviceTokens', () => {
  const tokens = new DeviceTokens(loadConfig({}));

  it('names the device of a token issued for the email, in any case', () => {
    const token = tokens.issue('Member@Example.org');
    const device = tokens.deviceOf(token, 'member@example.org');
    expect(device).toEqual(expect.stringMatching(/^[\w-]{22}$/));
    expect(tokens.deviceOf(token, 'MEMBER@EXAMPLE.ORG')).toBe(device);
    expect(tokens.deviceOf(tokens.issue('member@example.org'), 'member@example.org')).not.toBe(
      device,
    );
  });

  it('proves nothing for another email, another key, an altered token or an expired one', () => {
    const token = tokens.issue('member@example.org');
    const [device, expires, signature] = token.split('.');
    expect(tokens.deviceOf(token, 'other@example.org')).toBeUndefined();
    expect(new DeviceTokens(loadConfig({})).deviceOf(token, 'member@example.org')).toBeUndefined();
    for (const altered of [
      `${device}x.${expires}.${signature}`,
      `${device}.${Number(expires) + 1}.${signature}`,
      `${device}.${expires}.${signature.slice(1)}`,
      `${token}.extra`,
      'not-a-token',
      '',
      undefined,
    ]) {
      expect(tokens.deviceOf(altered, 'member@example.org')).toBeUndefined();
    }
    const ninetyDays = 90 * 24 * 3600_000;
    expect(tokens.deviceOf(token, 'member@example.org', Date.now() + ninetyDays - 60_000)).toBe(
      device,
    );
    expect(
      tokens.deviceOf(token, 'member@example.org', Date.now() + ninetyDays + 1000),
    ).toBeUndefined();
  });
});
