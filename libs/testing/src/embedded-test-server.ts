import { rmSync } from 'node:fs';

/** The embedded server a test run started (Jest runs global setup and teardown in one process). */
export interface EmbeddedTestServer {
  root: string;
  stop(): Promise<void>;
}

const holder = globalThis as { embeddedTestServer?: EmbeddedTestServer };

export function holdEmbeddedTestServer(server: EmbeddedTestServer): void {
  holder.embeddedTestServer = server;
}

/** Stops the run's embedded server, if it started one, and deletes its folder (cluster included). */
export async function removeEmbeddedTestServer(): Promise<void> {
  const server = holder.embeddedTestServer;
  if (!server) return;
  holder.embeddedTestServer = undefined;
  try {
    await server.stop();
  } finally {
    rmSync(server.root, { recursive: true, force: true });
  }
}
