import { Logger } from '@nestjs/common';
import { OrganizationEntity } from '@app/database';
import {
  eventually,
  FakeTelnyxApi,
  newProvisionableOrg,
  startFakeTelnyxApi,
  testPhone,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';
import type { ProvisioningResponseDto } from './provisioning.dto';

const PATH = '/api/organizations/settings/provisioning';
type Auth = { Authorization: string };

describe('Telephony provisioning: adopting a number another organization has', () => {
  let api: TestApp;
  let telnyx: FakeTelnyxApi;

  beforeAll(async () => {
    telnyx = await startFakeTelnyxApi();
    api = await startTestApi({
      RUN_WORKERS: 'true',
      SMS_PROVIDER: 'telnyx',
      TELNYX_API_KEY: 'test-telnyx-key',
      TELNYX_API_BASE_URL: telnyx.url,
      PUBLIC_API_URL: 'https://api.example.org',
    });
  });
  afterAll(async () => {
    await api.close();
    await telnyx.close();
  });

  /** Starts adopting `phoneNumber` and answers the run once it has FAILED. */
  async function adoptionFailure(auth: Auth, phoneNumber: string) {
    await api.http.post(PATH).set(auth).send({ existingPhoneNumber: phoneNumber }).expect(202);
    return eventually(async () => {
      const { body } = await api.http.get(PATH).set(auth);
      return (body as ProvisioningResponseDto).state === 'FAILED'
        ? (body as ProvisioningResponseDto)
        : undefined;
    });
  }
  const organization = (id: string) =>
    api.dataSource.getRepository(OrganizationEntity).findOneByOrFail({ id });

  it('fails at once, with the words of a number the account does not own, logging no error', async () => {
    const errors: unknown[] = [];
    const logError = Logger.prototype.error;
    Logger.prototype.error = (...logged: unknown[]) => errors.push(logged);
    const holder = await newProvisionableOrg(api);
    const taken = telnyx.account.own(testPhone('312')).phone_number;
    await api.dataSource
      .getRepository(OrganizationEntity)
      .update({ id: holder.org.id }, { phoneNumber: taken, phoneStatus: 'assigned' });
    const adopter = await newProvisionableOrg(api);
    const stranger = await newProvisionableOrg(api);
    const unowned = '+13125550999';

    const refused = await adoptionFailure(adopter.auth, taken).finally(() => {
      Logger.prototype.error = logError;
    });
    const notOwned = await adoptionFailure(stranger.auth, unowned);

    const neutral = (text: string | null, phoneNumber: string) => text?.replace(phoneNumber, 'N');
    expect(refused.steps[1]).toMatchObject({ name: 'phone_number', status: 'FAILED', attempts: 1 });
    expect(neutral(refused.steps[1].error, taken)).toBe(neutral(notOwned.steps[1].error, unowned));
    expect(refused.phoneNumber).toBeNull();
    const [adopterRow, strangerRow] = [
      await organization(adopter.org.id),
      await organization(stranger.org.id),
    ];
    expect(neutral(adopterRow.provisioningError, taken)).toBe(
      neutral(strangerRow.provisioningError, unowned),
    );
    const stepError = (row: OrganizationEntity, phoneNumber: string) => {
      const { code, detail } = row.provisioningStepErrors.phone_number as {
        code: string;
        detail: string;
      };
      return { code, detail: neutral(detail, phoneNumber) };
    };
    expect(stepError(adopterRow, taken)).toEqual(stepError(strangerRow, unowned));
    expect(adopterRow).toMatchObject({ phoneNumber: null, phoneStatus: strangerRow.phoneStatus });
    expect((await organization(holder.org.id)).phoneNumber).toBe(taken);
    expect(errors).toEqual([]);
  }, 20_000);
});
