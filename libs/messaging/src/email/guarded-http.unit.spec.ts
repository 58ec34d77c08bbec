import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressGuard } from './address-guard';
import { guardedPost } from './guarded-http';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

describe('guardedPost', () => {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  let port: number;

  beforeAll(async () => {
    port = await listen(server);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('posts to an allowed address and answers the status and body', async () => {
    const answer = await guardedPost(
      new AddressGuard(true),
      `http://127.0.0.1:${port}/v3`,
      {},
      '{}',
    );
    expect(answer).toMatchObject({ status: 202, body: '{"ok":true}' });
  });

  it('refuses a refused address before connecting', async () => {
    requests.length = 0;
    const sent = guardedPost(new AddressGuard(false), `http://127.0.0.1:${port}/v3`, {}, '{}');
    await expect(sent).rejects.toMatchObject({ reason: '127.0.0.1 is refused (loopback)' });
    expect(requests).toEqual([]);
  });

  it('reports an unreachable host without the socket error', async () => {
    const closed = createServer();
    const closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const sent = guardedPost(new AddressGuard(true), `http://127.0.0.1:${closedPort}/`, {}, '{}');
    await expect(sent).rejects.toMatchObject({
      reason: `127.0.0.1:${closedPort} could not be reached`,
    });
  });
});
