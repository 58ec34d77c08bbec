import type { DeliveryCursor } from '@app/database';
import { DomainError } from '@app/http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque `cursor` query value of the next page of deliveries. */
export function encodeDeliveryCursor(cursor: DeliveryCursor): string {
  return Buffer.from(`${cursor.createdAtMicros}.${cursor.id}`).toString('base64url');
}

export function decodeDeliveryCursor(value: string): DeliveryCursor {
  const [createdAtMicros, id, ...rest] = Buffer.from(value, 'base64url')
    .toString('utf8')
    .split('.');
  if (rest.length > 0 || !/^\d{1,18}$/.test(createdAtMicros) || !UUID.test(id ?? '')) {
    throw DomainError.invalid(
      'cursor',
      'cursor is not valid; take it from the Link header of a page',
    );
  }
  return { createdAtMicros, id };
}
