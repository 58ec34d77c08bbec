import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InteractionStatus, statusesBefore } from '@app/domain';
import { updateReturning } from '../sql';
import { InteractionEntity } from './interaction.entity';
import { Database } from '../tenancy/database';

export type NewInteraction = Pick<
  InteractionEntity,
  | 'organizationId'
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

@Injectable()
export class InteractionRepository {
  constructor(private readonly db: Database) {}

  insert(manager: EntityManager, interaction: NewInteraction): Promise<InteractionEntity> {
    return manager.save(manager.create(InteractionEntity, interaction));
  }

  /** Inserts an inbound message once: null when its provider message id is already recorded. */
  async insertOnce(
    manager: EntityManager,
    interaction: NewInteraction,
  ): Promise<InteractionEntity | null> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(InteractionEntity)
      .values(interaction)
      .orIgnore()
      .returning('id')
      .execute();
    const inserted = result.raw as { id: string }[];
    return inserted.length
      ? this.findById(interaction.organizationId, inserted[0].id, manager)
      : null;
  }

  findById(
    organizationId: string,
    interactionId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<InteractionEntity | null> {
    return manager.findOneBy(InteractionEntity, { organizationId, id: interactionId });
  }

  findByProviderMessageId(
    organizationId: string,
    providerMessageId: string,
  ): Promise<InteractionEntity | null> {
    return this.db.manager.findOneBy(InteractionEntity, {
      organizationId,
      providerMessageId,
    });
  }

  /** A need's interactions, newest first. */
  listForNeed(organizationId: string, needId: string): Promise<InteractionEntity[]> {
    return this.db.manager.find(InteractionEntity, {
      where: { organizationId, needId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /**
   * Starts a send attempt of a pending message that no other attempt holds, and commits that at
   * once; null when the message is not pending or an earlier attempt never finished.
   */
  async claimDispatch(
    organizationId: string,
    interactionId: string,
  ): Promise<InteractionEntity | null> {
    const [claimed] = await updateReturning<InteractionEntity>(
      this.db.manager,
      `UPDATE interaction SET attempts = attempts + 1, dispatching_since = now()
        WHERE organization_id = $1 AND id = $2 AND ${PENDING} AND dispatching_since IS NULL
        RETURNING ${COLUMNS}`,
      [organizationId, interactionId],
    );
    return claimed ?? null;
  }

  /** The provider took the message: SENT, with its id. */
  async recordSent(
    manager: EntityManager,
    organizationId: string,
    interactionId: string,
    providerMessageId: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE interaction
          SET status = 'SENT', provider_message_id = $3, sent_at = now(), error = NULL,
              dispatching_since = NULL
        WHERE organization_id = $1 AND id = $2 AND ${PENDING}`,
      [organizationId, interactionId, providerMessageId],
    );
  }

  /** The provider certainly refused this attempt: the message stays pending for a retry. */
  async recordRefusedAttempt(
    organizationId: string,
    interactionId: string,
    error: string,
  ): Promise<void> {
    await this.db.manager.query(
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
    organizationId: string,
    interactionId: string,
    to: InteractionStatus,
    details: { error?: string | null; sentAt?: Date | null } = {},
    manager: EntityManager = this.db.manager,
  ): Promise<boolean> {
    const moved = await updateReturning(
      manager,
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
}
