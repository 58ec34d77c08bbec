import { generateKeyPairSync, sign } from 'node:crypto';
import { ConfigError } from '@app/config';
import { testConfig, telnyxTestKeys } from '@app/testing';
import { TelnyxSignatureVerifier } from './telnyx-signature';

const verifierWith = (publicKey?: string) =>
  new TelnyxSignatureVerifier(testConfig(publicKey ? { TELNYX_PUBLIC_KEY: publicKey } : {}));

describe('TelnyxSignatureVerifier', () => {
  const body = Buffer.from('{"data":{}}');
  const now = 1_750_000_000_000;
  const timestamp = String(now / 1000);

  it('accepts a PEM public key as well as the raw base64 key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const signature = sign(null, Buffer.from(`${timestamp}|{"data":{}}`), privateKey);
    expect(
      verifierWith(pem).refusal(body, signature.toString('base64'), timestamp, now),
    ).toBeNull();
  });

  it('refuses everything when no key is configured', () => {
    expect(verifierWith().refusal(body, 'c2ln', timestamp, now)).toMatch(/TELNYX_PUBLIC_KEY/);
  });

  it.each(['not-a-key', Buffer.alloc(16).toString('base64')])(
    'stops start-up on an unusable key (%s)',
    (key) => {
      expect(() => verifierWith(key)).toThrow(ConfigError);
    },
  );

  it('refuses a timestamp that is not a number', () => {
    const { publicKey } = telnyxTestKeys();
    expect(verifierWith(publicKey).refusal(body, 'c2ln', 'yesterday', now)).toMatch(/headers/);
  });
});
