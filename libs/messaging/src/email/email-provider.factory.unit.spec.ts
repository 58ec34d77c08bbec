import { testConfig } from '@app/testing';
import type { AddressGuard } from './address-guard';
import { EmailDeliveryError } from './email-provider';
import { EmailProviderFactory } from './email-provider.factory';

/** A guard that refuses every host, naming it: shows where a provider would connect. */
const namingGuard = {
  resolve: async (host: string) => {
    throw new EmailDeliveryError(host);
  },
} as unknown as AddressGuard;

async function hostOfMailgun(
  env: Record<string, string>,
  region: 'us' | 'eu' | null,
): Promise<string> {
  const provider = new EmailProviderFactory(testConfig(env), namingGuard).create({
    provider: 'mailgun',
    apiKey: 'mailgun-key-0123',
    domain: 'mg.example.org',
    region,
  });
  const message = {
    from: { email: 'a@example.org' },
    to: 'b@example.org',
    subject: 's',
    text: 't',
  };
  return provider.send(message).then(
    () => 'connected',
    (error: EmailDeliveryError) => error.reason,
  );
}

describe('EmailProviderFactory', () => {
  it("sends Mailgun's EU region to the EU endpoint, and the US region to the default", async () => {
    expect(await hostOfMailgun({}, 'eu')).toBe('api.eu.mailgun.net');
    expect(await hostOfMailgun({}, 'us')).toBe('api.mailgun.net');
    expect(await hostOfMailgun({}, null)).toBe('api.mailgun.net');
  });

  it('lets an explicit MAILGUN_API_BASE_URL win over the region', async () => {
    const env = { MAILGUN_API_BASE_URL: 'https://mailgun.proxy.example.org' };
    expect(await hostOfMailgun(env, 'eu')).toBe('mailgun.proxy.example.org');
  });
});
