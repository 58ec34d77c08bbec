import { createServer } from 'node:net';

/** Binds `port` on 127.0.0.1 (0: any) and frees it again; resolves the port, or null when it is taken. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  const port = await tryPort(0);
  if (port === null) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}

/** `preferred` when nothing listens on it, else any free port. */
export async function preferredOrFreePort(preferred: number): Promise<number> {
  return (await tryPort(preferred)) ?? freePort();
}
