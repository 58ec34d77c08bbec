import {
  BUILD_TIMEOUT_MS,
  ensureBuilt,
  eventually,
  FakeTelnyxApi,
  newProvisionableOrg,
  startFakeTelnyxApi,
  startWorkerProcess,
  TestApp,
  WorkerProcess,
} from '@app/testing';
import { startTestApi } from '../../apps/api/test/test-api';

const PATH = '/api/organizations/settings/provisioning';

interface StepView {
  name: string;
  status: string;
}

describe('a worker killed while provisioning waits on Telnyx', () => {
  let api: TestApp;
  let telnyx: FakeTelnyxApi;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    telnyx = await startFakeTelnyxApi();
    // Each wait outlives a kill and a restart.
    telnyx.setDelays({ order: 4000, brand: 4000, campaign: 1000, assignment: 1000 });
    api = await startTestApi({ SMS_PROVIDER: 'telnyx', TELNYX_API_KEY: 'test-telnyx-key' });
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
      PROVISIONING_POLL_SECONDS: '1',
    });
    workers.push(started);
    return started;
  };

  it('orders one number and registers one brand across kills and restarts', async () => {
    const { org, auth } = await newProvisionableOrg(api);
    let last: unknown;
    const waitingOn = (name: string) =>
      eventually(async () => {
        const { body } = await api.http.get(PATH).set(auth);
        last = body;
        const step = (body.steps as StepView[]).find((candidate) => candidate.name === name);
        return step?.status === 'WAITING' ? body : undefined;
      }, 60_000).catch((error: Error) => {
        const calls = telnyx.calls.map((call) => `${call.method} ${call.path} ${call.status}`);
        throw new Error(`${error.message}: ${JSON.stringify(last)} ${calls.join(', ')}`);
      });

    await api.http.post(PATH).set(auth).send({}).expect(202);
    const first = worker();
    await waitingOn('phone_number');
    await first.kill();

    const second = worker();
    await waitingOn('brand');
    await second.kill();

    const third = worker();
    // A killed worker's job waits out its lapsed heartbeat and the retry delay before the third
    // worker takes it: about 60 s alone, longer beside other test workers on two cores.
    const done = await eventually(async () => {
      const { body } = await api.http.get(PATH).set(auth);
      return body.state === 'COMPLETED' ? body : undefined;
    }, 150_000);
    await third.stop();

    expect(done.phoneNumber).toMatch(/^\+1312/);
    expect(
      telnyx.account.orders.filter((order) => order.customerReference === org.id),
    ).toHaveLength(1);
    expect(
      telnyx.account.brands.filter((brand) => brand.input.referenceId === org.id),
    ).toHaveLength(1);
    expect(telnyx.callsTo({ method: 'POST', path: '/v2/number_orders' })).toHaveLength(1);
    expect(telnyx.callsTo({ method: 'POST', path: '/v2/10dlc/brand' })).toHaveLength(1);
  }, 300_000);

  it('registers one brand when the worker dies after Telnyx took the brand but before its answer', async () => {
    const { org, auth } = await newProvisionableOrg(api);
    telnyx.delay({ method: 'POST', path: '/v2/10dlc/brand' }, 5000);
    await api.http.post(PATH).set(auth).send({}).expect(202);
    const first = worker();
    await eventually(async () => {
      const registered = telnyx.account.brands.some((brand) => brand.input.referenceId === org.id);
      return registered ? true : undefined;
    }, 60_000);
    await first.kill();
    const [brandStep] = await api.dataSource.query(
      `SELECT provider_id FROM telephony_provisioning_step WHERE organization_id = $1 AND name = 'brand'`,
      [org.id],
    );
    expect(brandStep.provider_id).toBeNull();
    // What the lease does by itself after two minutes: the dead worker's hold on the run ends.
    await api.dataSource.query(
      `UPDATE telephony_provisioning SET lease_until = now() WHERE organization_id = $1`,
      [org.id],
    );

    const second = worker();
    const done = await eventually(async () => {
      const { body } = await api.http.get(PATH).set(auth);
      return body.state === 'COMPLETED' ? body : undefined;
    }, 90_000);
    await second.stop();
    const brands = telnyx.account.brands.filter((brand) => brand.input.referenceId === org.id);
    expect(brands).toHaveLength(1);
    expect(done.steps[2].providerId).toBe(brands[0].brandId);
  }, 180_000);
});
