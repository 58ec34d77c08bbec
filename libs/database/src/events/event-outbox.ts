import { Injectable } from '@nestjs/common';
import { TenantContext } from '../tenancy/tenant-context';
import type { EventData, EventType } from './event-types';

/**
 * The transactional outbox of outbound events. `emit` writes the event, and one delivery for each
 * of the organization's active subscriptions that asks for its type, in one statement joined to the
 * caller's tenant.transaction: the event commits with the change or not at all. Outside a
 * transaction it throws, since a change committed before its event could lose the event (a change
 * that is a single statement and must stay one emits through a trigger instead: `need.created`).
 */
@Injectable()
export class EventOutbox {
  constructor(private readonly tenant: TenantContext) {}

  async emit(type: EventType, data: EventData): Promise<void> {
    if (!this.tenant.inTransaction) {
      throw new Error(`EventOutbox.emit(${type}) must run inside the change's tenant.transaction`);
    }
    await this.tenant.manager.query(`SELECT emit_webhook_event($1, $2, $3)`, [
      this.tenant.organizationId,
      type,
      JSON.stringify(data),
    ]);
  }
}
