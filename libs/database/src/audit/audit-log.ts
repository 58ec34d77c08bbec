import { Injectable, Logger } from '@nestjs/common';
import type { AuditAction, AuditSubjectType } from '@assist/contracts';
import { DomainError } from '@app/http';
import { assertNoOpenTransaction } from '../tenancy/open-transactions';
import { TenantContext } from '../tenancy/tenant-context';
import type { TenantTransaction } from '../tenancy/tenant-transaction';
import type { AuditActor, AuditDetails, NewAuditEvent } from './audit-event';
import { AuditEventRepository } from './audit-event.repository';
import { ReadEntryBatches } from './read-entry-batches';
import { currentRequestOrigin } from './request-origin';

/** What a caller records; the actor defaults to the request's (the system's in a job). */
export interface AuditEntry {
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string | null;
  /** Ids, enumerated codes, field names and counts; never a personal value or free text. */
  details?: AuditDetails;
  actor?: AuditActor;
}

/** Seconds a client is asked to wait when its access could not be recorded. */
const AUDIT_RETRY_AFTER_SECONDS = 5;

/**
 * Writes the access audit log of the entered organization (docs/AUDIT.md). The request's actor, id
 * and client address come from its origin (`runWithRequestOrigin`). An entry that cannot be
 * written fails with 503 audit-unavailable: nothing is changed, and a read returns nothing.
 *
 * - `record(tx, entry)`: a change's entry, in the change's transaction, after its other writes
 *   (the organization's chain stays locked until the transaction ends): both commit, or neither.
 * - `recordRead(entry)` and `recordReads(subjectIds, entry)`: a read's entries, committed on
 *   their own (with other reads' entries: ReadEntryBatches) before they return; answer the read
 *   after them.
 */
@Injectable()
export class AuditLog {
  private readonly logger = new Logger(AuditLog.name);
  private readonly reads: ReadEntryBatches;

  constructor(
    private readonly tenant: TenantContext,
    private readonly events: AuditEventRepository,
  ) {
    this.reads = new ReadEntryBatches((organizationId, entries) =>
      // Outside the transaction of whichever caller started the batch: committed on its own.
      this.tenant.run(organizationId, () => this.events.append(organizationId, entries)),
    );
  }

  async record(tx: TenantTransaction, entry: AuditEntry): Promise<void> {
    const organizationId = this.tenant.organizationId;
    await this.written(
      this.events.append(organizationId, this.entries([entry.subjectId], entry), tx),
    );
  }

  async recordRead(entry: AuditEntry): Promise<void> {
    await this.recordReads([entry.subjectId], entry);
  }

  /**
   * One entry per subject (e.g. each constituent a read returned), in order. Outside any
   * transaction: one holding this organization's chain would wait for the entries forever.
   */
  async recordReads(
    subjectIds: readonly (string | null)[],
    entry: Omit<AuditEntry, 'subjectId'>,
  ): Promise<void> {
    assertNoOpenTransaction("Recording a read's audit entries");
    if (subjectIds.length === 0) return;
    const organizationId = this.tenant.organizationId;
    await this.written(this.reads.add(organizationId, this.entries(subjectIds, entry)));
  }

  private entries(
    subjectIds: readonly (string | null)[],
    entry: Omit<AuditEntry, 'subjectId'>,
  ): NewAuditEvent[] {
    const origin = currentRequestOrigin();
    const actor = entry.actor ?? origin.actor;
    return subjectIds.map((subjectId) => ({
      actorType: actor.type,
      actorId: actor.id,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId,
      requestId: origin.requestId,
      clientIp: origin.clientIp,
      details: entry.details ?? {},
    }));
  }

  private async written(append: Promise<void>): Promise<void> {
    try {
      await append;
    } catch (error) {
      const { requestId } = currentRequestOrigin();
      this.logger.error({ err: error, requestId }, 'Audit entry not written');
      throw new DomainError(
        'audit-unavailable',
        'The access could not be recorded in the audit log, so it was not done; try again shortly',
        { retryAfter: AUDIT_RETRY_AFTER_SECONDS },
      );
    }
  }
}
