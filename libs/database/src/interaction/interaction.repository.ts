import { Injectable } from '@nestjs/common';
import { InteractionStatus, statusesBefore } from '@app/domain';
import { updateReturning } from '../sql';
import { organizationId as brandOrganizationId, OrganizationId } from '../tenancy/organization-id';
import { SystemDatabase } from '../tenancy/system-database';
import { TenantContext } from '../tenancy/tenant-context';
import { InteractionEntity } from './interaction.entity';

export type NewInteraction = Pick<
  InteractionEntity,
  | 'needId'
  | 'constituentId'
  | 'channel'
  | 'direction'
  | 'subject'
  | 'body'
  | 'status'
  | 'createdBy'
  | 'scheduledFor'
> &
  Partial<Pick<InteractionEntity, 'providerMessageId' | 'error' | 'sentAt'>>;

const COLUMNS = `id, organization_id AS "organizationId", need_id AS "needId",
  constituent_id AS "constituentId", channel, direction, subject, body, status,
  provider_message_id AS "providerMessageId", error, created_by AS "createdBy",
  created_at AS "createdAt", sent_at AS "sentAt", scheduled_for AS "scheduledFor", attempts,
  dispatching_since AS "dispatchingSince"`;

/** Outbound messages not yet handed to their provider. */
const PENDING = `status IN ('QUEUED', 'SCHEDULED')`;

/** Emails whose send began this long ago without its outcome recorded (see failUnsettledEmails). */
const UNSETTLED_EMAIL = `channel = 'EMAIL' AND ${PENDING} AND dispatching_since < now() - make_interval(secs => $1)`;

@Injectable()
export class InteractionRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  insert(organizationId: OrganizationId, interaction: NewInteraction): Promise<InteractionEntity> {
    const manager = this.tenant.manager;
    return manager.save(manager.create(InteractionEntity, { ...interaction, organizationId }));
  }

  /**
   * Inserts an outbound message QUEUED with its one send attempt begun, for a send made while the
   * caller waits (email): committed before the provider is called, then settled with recordSent()
   * or advance(..., 'FAILED'). One never settled (a crash) is failed by failUnsettledEmails().
   */
  insertSending(
    organizationId: OrganizationId,
    interaction: Omit<NewInteraction, 'status' | 'scheduledFor'>,
  ): Promise<InteractionEntity> {
    const manager = this.tenant.manager;
    return manager.save(
      manager.create(InteractionEntity, {
        ...interaction,
        organizationId,
        status: 'QUEUED',
        scheduledFor: null,
        attempts: 1,
        dispatchingSince: new Date(),
      }),
    );
  }

  /** Inserts an inbound message once: null when its provider message id is already recorded. */
  async insertOnce(
    organizationId: OrganizationId,
    interaction: NewInteraction,
  ): Promise<InteractionEntity | null> {
    const result = await this.tenant.manager
      .createQueryBuilder()
      .insert()
      .into(InteractionEntity)
      .values({ ...interaction, organizationId })
      .orIgnore()
      .returning('id')
      .execute();
    const inserted = result.raw as { id: string }[];
    return inserted.length ? this.findById(organizationId, inserted[0].id) : null;
  }

  findById(
    organizationId: OrganizationId,
    interactionId: string,
  ): Promise<InteractionEntity | null> {
    return this.tenant.manager.findOneBy(InteractionEntity, { organizationId, id: interactionId });
  }

  findByProviderMessageId(
    organizationId: OrganizationId,
    providerMessageId: string,
  ): Promise<InteractionEntity | null> {
    return this.tenant.manager.findOneBy(InteractionEntity, { organizationId, providerMessageId });
  }

  /** A need's interactions, newest first. */
  listForNeed(organizationId: OrganizationId, needId: string): Promise<InteractionEntity[]> {
    return this.tenant.manager.find(InteractionEntity, {
      where: { organizationId, needId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /**
   * Starts a send attempt of each of these pending messages that no other attempt holds, in one
   * statement (committed at once when no transaction is open); returns the messages claimed. A
   * message missing from the answer is not pending, or an earlier attempt of it never finished.
   */
  claimDispatches(
    organizationId: OrganizationId,
    interactionIds: string[],
  ): Promise<InteractionEntity[]> {
    return updateReturning<InteractionEntity>(
      this.tenant.manager,
      `UPDATE interaction SET attempts = attempts + 1, dispatching_since = now()
        WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND ${PENDING}
          AND dispatching_since IS NULL
        RETURNING ${COLUMNS}`,
      [organizationId, interactionIds],
    );
  }

  /** The provider took the message: SENT, with its id. */
  async recordSent(
    organizationId: OrganizationId,
    interactionId: string,
    providerMessageId: string,
  ): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE interaction
          SET status = 'SENT', provider_message_id = $3, sent_at = now(), error = NULL,
              dispatching_since = NULL
        WHERE organization_id = $1 AND id = $2 AND ${PENDING}`,
      [organizationId, interactionId, providerMessageId],
    );
  }

  /** The provider certainly refused this attempt: the message stays pending for a retry. */
  async recordRefusedAttempt(
    organizationId: OrganizationId,
    interactionId: string,
    error: string,
  ): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE interaction SET error = $3, dispatching_since = NULL
        WHERE organization_id = $1 AND id = $2 AND ${PENDING}`,
      [organizationId, interactionId, error],
    );
  }

  /**
   * Moves the message forward to `to` (never back: late or repeated events change nothing);
   * `error` replaces the recorded one when given, `sentAt` fills it when unknown.
   */
  async advance(
    organizationId: OrganizationId,
    interactionId: string,
    to: InteractionStatus,
    details: { error?: string | null; sentAt?: Date | null } = {},
  ): Promise<boolean> {
    const moved = await updateReturning(
      this.tenant.manager,
      `UPDATE interaction
          SET status = $3, error = COALESCE($4, error), sent_at = COALESCE(sent_at, $5),
              dispatching_since = NULL
        WHERE organization_id = $1 AND id = $2 AND status = ANY($6::text[])
        RETURNING id`,
      [
        organizationId,
        interactionId,
        to,
        details.error ?? null,
        details.sentAt ?? null,
        statusesBefore(to),
      ],
    );
    return moved.length > 0;
  }

  /**
   * Crosses organizations (system role), for the maintenance job: the organizations with an email
   * whose send began more than `olderThanSeconds` ago and was never settled (see insertSending).
   */
  async organizationsWithUnsettledEmails(olderThanSeconds: number): Promise<OrganizationId[]> {
    const rows: { organization_id: string }[] = await this.system.manager.query(
      `SELECT DISTINCT organization_id FROM interaction WHERE ${UNSETTLED_EMAIL}`,
      [olderThanSeconds],
    );
    return rows.map((row) => brandOrganizationId(row.organization_id));
  }

  /**
   * FAILED with `error` for the organization's emails whose send began more than
   * `olderThanSeconds` ago and was never settled: the request died between its two writes, so
   * whether the provider took the email is unknown. Returns how many.
   */
  async failUnsettledEmails(
    organizationId: OrganizationId,
    olderThanSeconds: number,
    error: string,
  ): Promise<number> {
    const failed = await updateReturning(
      this.tenant.manager,
      `UPDATE interaction SET status = 'FAILED', error = $3, dispatching_since = NULL
        WHERE organization_id = $2 AND ${UNSETTLED_EMAIL}
        RETURNING id`,
      [olderThanSeconds, organizationId, error],
    );
    return failed.length;
  }
}
