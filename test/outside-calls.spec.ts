import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { newOrgWithAdmin, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

/** An SMTP host that accepts connections and never says a word (a stalled provider). */
async function startSilentSmtpHost(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://user:password@127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * No transaction and no pooled connection is held across a call to an outside service: one
 * organization's stalled provider must not slow another organization's requests. Before, 22 hanging
 * email tests held 20 of the pool's 20 connections, and another organization waited 8.5 s.
 */
describe('outside calls and the connection pool', () => {
  let api: TestApp;
  let silent: Awaited<ReturnType<typeof startSilentSmtpHost>>;

  beforeAll(async () => {
    silent = await startSilentSmtpHost();
    api = await startTestApi({ EMAIL_ALLOW_PRIVATE_HOSTS: 'true' });
  });
  afterAll(async () => {
    await silent.close();
    await api.close();
  });

  it("keeps another organization's requests fast while 25 email tests hang on SMTP", async () => {
    const stalled = await newOrgWithAdmin(api);
    const other = await newOrgWithAdmin(api);
    await newPartner(api, other.org.id);
    const hanging = Array.from({ length: 25 }, () =>
      api.http
        .post('/api/organizations/settings/email/test')
        .set(stalled.auth)
        .send({
          provider: 'smtp',
          apiKey: silent.url,
          fromEmail: 'desk@stalled.example.org',
          fromName: 'Stalled Desk',
          toEmail: 'tester@example.org',
        })
        .then((response) => response.status),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    const latencies: number[] = [];
    for (let request = 0; request < 20; request++) {
      const started = Date.now();
      await api.http.get('/api/partners').set(other.auth).expect(200);
      latencies.push(Date.now() - started);
    }
    // Normally a few milliseconds (up to a second beside other test workers on two cores); a pool
    // held by the stalled sends made each wait for a connection until the 10 s connect timeout.
    expect(Math.max(...latencies)).toBeLessThan(3_000);
    await silent.close();
    expect(new Set(await Promise.all(hanging))).toEqual(new Set([400]));
  }, 60_000);
});
