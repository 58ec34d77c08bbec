import type { Response } from 'supertest';
import {
  bearer,
  eventually,
  expectProblem,
  newMember,
  newOrg,
  newPartner,
  RestartableDatabase,
  startRestartableDatabase,
  TestApp,
} from '@app/testing';
import { startTestApiOn } from '../../apps/api/test/test-api';

/** A request that takes longer than this counts as hanging. */
const REQUEST_TIMEOUT_MS = 5_000;
/** More parallel writes than the pool's 20 connections, so every pooled connection is used. */
const BURST = 30;

/** Keeps `lanes` writers going until stop(), handing every answer to `record`. */
function keepWriting(write: () => Promise<Response>, record: (response: Response) => void) {
  let running = true;
  const lanes = Array.from({ length: 4 }, async () => {
    while (running) {
      record(await write());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(lanes);
    },
  };
}

describe('PostgreSQL restarted under the running API', () => {
  let database: RestartableDatabase;
  let api: TestApp;
  let organizationId: string;
  let auth: { Authorization: string };

  beforeAll(async () => {
    database = await startRestartableDatabase();
    api = await startTestApiOn(
      { url: database.url, ownerUrl: database.ownerUrl, drop: () => database.destroy() },
      { RATE_LIMIT_PUBLIC_PER_IP: '0', RATE_LIMIT_PUBLIC_PER_ORG: '0' },
    );
    const org = await newOrg(api);
    await newPartner(api, org.id, { isDefault: true });
    organizationId = org.id;
    auth = bearer(api, await newMember(api, org.id));
  }, 60_000);
  afterAll(async () => {
    if (api) await api.close();
    else await database?.destroy();
  });

  const submit = () =>
    api.http
      .post('/api/needs/public')
      .timeout(REQUEST_TIMEOUT_MS)
      .send({ organizationId, description: 'Needs groceries this week' });
  const ready = () => api.http.get('/health/ready').timeout(REQUEST_TIMEOUT_MS);
  const readiness = (status: number) =>
    eventually(async () => ((await ready()).status === status ? status : undefined), 20_000);

  it('answers 503 while the database is down, recovers, and loses no acknowledged write', async () => {
    const acknowledged: string[] = [];
    const refused: Response[] = [];
    const record = (response: Response) => {
      if (response.status === 201) acknowledged.push(response.body.id);
      else refused.push(response);
    };
    (await Promise.all(Array.from({ length: BURST }, submit))).forEach(record);
    expect(refused).toEqual([]);
    const writer = keepWriting(submit, record);
    try {
      await database.stop();
      await readiness(503);
      expectProblem(await ready(), 503);
      const refusedWrite = await submit();
      expectProblem(refusedWrite, 503);
      expect(refusedWrite.headers['retry-after']).toBe('5');
      expectProblem(await api.http.get('/api/needs').set(auth).timeout(REQUEST_TIMEOUT_MS), 503);

      await database.start();
      await readiness(200);
      const burst = await Promise.all(Array.from({ length: BURST }, submit));
      expect(burst.map((response) => response.status)).toEqual(Array(BURST).fill(201));
      burst.forEach(record);
    } finally {
      await writer.stop();
    }
    expect((await api.http.get('/api/needs').set(auth)).status).toBe(200);

    // Writes racing the shutdown or the start-up fail cleanly: 5xx problem details (503 nearly always).
    for (const response of refused) {
      expectProblem(response, response.status);
      expect(response.status).toBeGreaterThanOrEqual(500);
    }
    const stored = await api.dataSource.query('SELECT id FROM need WHERE id = ANY($1::uuid[])', [
      acknowledged,
    ]);
    expect(stored).toHaveLength(acknowledged.length);
  }, 60_000);
});
