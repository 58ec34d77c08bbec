import { createServer, Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FakeTelnyx, startFakeTelnyx } from '@app/testing';
import { TelnyxClient } from '../telnyx/telnyx-client';
import { SmsDeliveryError } from './sms-provider';
import { TelnyxSmsProvider } from './telnyx-sms.provider';

const MESSAGE = { from: '+12025550100', to: '+12025550199', text: 'Food Bank: your box is ready' };

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('TelnyxSmsProvider', () => {
  let telnyx: FakeTelnyx;

  beforeAll(async () => {
    telnyx = await startFakeTelnyx();
  });
  afterEach(() => telnyx.reset());
  afterAll(() => telnyx.close());

  it('POSTs /v2/messages with the bearer key and answers the message id', async () => {
    const accepted = await new TelnyxSmsProvider(new TelnyxClient('KEY-123', telnyx.url)).send(
      MESSAGE,
    );
    expect(telnyx.requests).toHaveLength(1);
    expect(telnyx.requests[0].headers.authorization).toBe('Bearer KEY-123');
    expect(telnyx.requests[0].body).toEqual(MESSAGE);
    expect(accepted).toEqual({
      messageId: telnyx.requests[0].messageId,
      status: 'queued',
      carrier: 'T-MOBILE USA, INC.',
      cost: '0.0040',
      currency: 'USD',
    });
  });

  it('reports a refusal as a definite failure with Telnyx’s reason', async () => {
    telnyx.failNext(1, 401);
    const failure = new TelnyxSmsProvider(new TelnyxClient('KEY-123', telnyx.url)).send(MESSAGE);
    await expect(failure).rejects.toThrow(SmsDeliveryError);
    await expect(failure).rejects.toMatchObject({
      definite: true,
      reason: expect.stringMatching(/^Telnyx answered 401: Authentication failed/),
    });
  });

  it('reports an unreachable server as a definite failure', async () => {
    const server = createServer();
    const url = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    await expect(
      new TelnyxSmsProvider(new TelnyxClient('KEY', url)).send(MESSAGE),
    ).rejects.toMatchObject({
      definite: true,
      reason: expect.stringContaining('Telnyx could not be reached'),
    });
  });

  it('reports a connection dropped after sending as an unknown outcome', async () => {
    const server = createServer((socket) => socket.once('data', () => socket.destroy()));
    const url = await listen(server);
    try {
      await expect(
        new TelnyxSmsProvider(new TelnyxClient('KEY', url)).send(MESSAGE),
      ).rejects.toMatchObject({
        definite: false,
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends from the provisioned number only', () => {
    const provider = new TelnyxSmsProvider(new TelnyxClient('KEY', telnyx.url));
    const organization = { name: 'Food Bank', smsSenderName: 'Food Bank', phoneNumber: null };
    expect(provider.senderFor(organization)).toBeNull();
    expect(provider.senderFor({ ...organization, phoneNumber: '+12025550100' })).toBe(
      '+12025550100',
    );
  });
});
