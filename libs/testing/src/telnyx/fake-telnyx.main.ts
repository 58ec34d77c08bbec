import { startFakeTelnyxApi } from './fake-telnyx-api';

/**
 * `npm run fake:telnyx`: the fake Telnyx on FAKE_TELNYX_PORT (default 4010) for trying
 * provisioning and SMS locally. Orders, brand vetting and campaign review settle after
 * FAKE_TELNYX_DELAY_SECONDS (default 20).
 */
async function main(): Promise<void> {
  const port = Number(process.env.FAKE_TELNYX_PORT ?? 4010);
  const delay = Number(process.env.FAKE_TELNYX_DELAY_SECONDS ?? 20) * 1000;
  const telnyx = await startFakeTelnyxApi({ port });
  telnyx.setDelays({ order: delay, brand: delay, campaign: delay, assignment: delay });
  let logged = 0;
  setInterval(() => {
    for (const call of telnyx.calls.slice(logged)) {
      console.log(`${call.method} ${call.path} -> ${call.status ?? '...'}`);
    }
    logged = telnyx.calls.length;
  }, 500);
  console.log(`Fake Telnyx listening on ${telnyx.url} (TELNYX_API_BASE_URL=${telnyx.url})`);
  const stop = () => void telnyx.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
