import type { AssistClient } from '@assist/client';
import type { NeedResponseDto } from '@assist/contracts';

/**
 * Never run: each line below must not compile. Were the packages' types `any`, a directive would
 * have nothing to expect and the build would fail (TS2578).
 */
export async function typeChecks(client: AssistClient): Promise<void> {
  // @ts-expect-error getNeed needs the need's id
  await client.getNeed({});
  // @ts-expect-error slaHours is a number
  await client.createPartner({ name: 'Pantry', slaHours: '24' });
  // @ts-expect-error listNeeds has no such filter
  await client.listNeeds({ colour: 'red' });
  const need: NeedResponseDto = await client.getNeed({ id: 'a-need' });
  // @ts-expect-error a need's status is one of the need statuses
  const status: 'OPEN' = need.status;
  // @ts-expect-error the API has no such operation
  await client.deleteEverything();
  void status;
}
