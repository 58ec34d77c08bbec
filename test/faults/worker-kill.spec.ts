import {
  BUILD_TIMEOUT_MS,
  ensureBuilt,
  eventually,
  FakeTelnyx,
  newTextableNeed,
  startFakeTelnyx,
  startWorkerProcess,
  TestApp,
  TextableNeed,
  WorkerProcess,
} from '@app/testing';
import { startTestApi } from '../../apps/api/test/test-api';

const MESSAGES = 40;
const MAX_CONCURRENCY = 4;
/** The worker is killed once Telnyx has this many messages, some of them still unanswered. */
const KILL_AFTER = 10;
/** How long the fake Telnyx holds each answer: a send is in flight when the worker dies. */
const ANSWER_DELAY_MS = 300;
/**
 * Within this time of the kill every message is settled: the dead worker's jobs stop sending
 * heartbeats and pg-boss fails them for a retry (heartbeatSeconds 10, supervision every 5 s), not
 * after their one-minute expiry.
 */
const RECOVERY_MS = 25_000;

interface InteractionRow {
  id: string;
  body: string;
  status: string;
  error: string | null;
  attempts: number;
  provider_message_id: string | null;
}

describe('a worker killed in the middle of a batch of SMS', () => {
  let api: TestApp;
  let telnyx: FakeTelnyx;
  let fixture: TextableNeed;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    telnyx = await startFakeTelnyx();
    telnyx.delayAnswers(ANSWER_DELAY_MS);
    api = await startTestApi();
    fixture = await newTextableNeed(api, { org: { maxConcurrency: MAX_CONCURRENCY } });
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(workers.map((started) => started.kill()));
    await api.close();
    await telnyx.close();
  });

  const worker = () => {
    const started = startWorkerProcess({
      DATABASE_URL: api.databaseUrl,
      SMS_PROVIDER: 'telnyx',
      TELNYX_API_KEY: 'test-telnyx-key',
      TELNYX_API_BASE_URL: telnyx.url,
    });
    workers.push(started);
    return started;
  };

  const interactions = (): Promise<InteractionRow[]> =>
    api.dataSource.query(
      `SELECT id, body, status, error, attempts, provider_message_id FROM interaction
        WHERE organization_id = $1 AND direction = 'OUTBOUND'`,
      [fixture.org.id],
    );

  it('delivers each queued message at most once, and fails only those in flight', async () => {
    const accepted = await Promise.all(
      Array.from({ length: MESSAGES }, (_, index) =>
        api.http
          .post(`/api/needs/${fixture.need.id}/sms`)
          .set(fixture.auth)
          .send({ body: `Fault message #${String(index).padStart(3, '0')}` }),
      ),
    );
    expect(accepted.map((response) => response.status)).toEqual(Array(MESSAGES).fill(202));

    const first = worker();
    await eventually(async () => (telnyx.requests.length >= KILL_AFTER ? true : undefined), 20_000);
    await first.kill();
    const receivedBeforeRestart = telnyx.requests.length;
    expect(receivedBeforeRestart).toBeLessThan(MESSAGES);

    const second = worker();
    const settled = await eventually(async () => {
      const rows = await interactions();
      return rows.every((row) => ['SENT', 'FAILED'].includes(row.status)) ? rows : undefined;
    }, RECOVERY_MS);
    await second.stop();

    expect(settled).toHaveLength(MESSAGES);
    for (const row of settled) {
      const copies = telnyx.requests.filter((request) => request.body.text?.endsWith(row.body));
      if (row.status === 'SENT') {
        expect(copies).toHaveLength(1);
        expect(row.provider_message_id).toBe(copies[0].messageId);
      } else {
        expect(copies.length).toBeLessThanOrEqual(1);
        expect(row.error).toMatch(/not sent again, as it may have arrived/);
        expect(row.attempts).toBe(1);
      }
    }
    const failed = settled.filter((row) => row.status === 'FAILED');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.length).toBeLessThanOrEqual(MAX_CONCURRENCY);
    expect(telnyx.requests.length).toBeGreaterThan(receivedBeforeRestart);
    expect(new Set(telnyx.requests.map((request) => request.body.text)).size).toBe(
      telnyx.requests.length,
    );
  }, 90_000);
});
