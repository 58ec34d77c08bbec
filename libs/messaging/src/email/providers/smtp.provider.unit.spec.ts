import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { AddressGuard } from '../address-guard';
import { SmtpProvider } from './smtp.provider';

const MESSAGE = {
  from: { email: 'help@example.org' },
  to: 'a@example.org',
  subject: 's',
  text: 't',
};

/** A port on 127.0.0.1 that nothing listens on. */
function closedPort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    }),
  );
}

describe('SmtpProvider', () => {
  it('reports a server that cannot be reached without the socket error', async () => {
    const port = await closedPort();
    const provider = new SmtpProvider(`smtp://u:p@127.0.0.1:${port}`, new AddressGuard(true));
    await expect(provider.send(MESSAGE)).rejects.toMatchObject({
      reason: 'SMTP delivery failed: 127.0.0.1 could not be reached',
    });
  });

  it('refuses a host resolving to a refused address before connecting', async () => {
    const provider = new SmtpProvider('smtp://u:p@[::10.0.0.8]:25', new AddressGuard(false));
    await expect(provider.send(MESSAGE)).rejects.toMatchObject({
      reason: '::a00:8 is refused (private (RFC 1918))',
    });
  });
});
