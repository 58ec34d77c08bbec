import { Injectable } from '@nestjs/common';
import { OrganizationEntity } from '../organization/organization.entity';
import { violatedUniqueConstraint } from '../sql';
import { organizationId as asOrganizationId, OrganizationId } from '../tenancy/organization-id';
import { SystemDatabase } from '../tenancy/system-database';
import { TenantContext } from '../tenancy/tenant-context';
import {
  PROVISIONING_STEPS,
  ProvisioningEntity,
  ProvisioningProgress,
  ProvisioningStepEntity,
  ProvisioningStepName,
} from './provisioning.entity';

export interface ProvisioningRecord {
  run: ProvisioningEntity;
  /** In running order. */
  steps: ProvisioningStepEntity[];
}

export type ProvisioningStepChanges = Partial<
  Pick<ProvisioningStepEntity, 'status' | 'attempts' | 'providerId' | 'error'>
> & { progress?: ProvisioningProgress };

/** The organization's fields provisioning owns once it has started. */
export type ProvisionedFields = Partial<
  Pick<
    OrganizationEntity,
    | 'tcrStatus'
    | 'tcrBrandStatus'
    | 'tcrCampaignStatus'
    | 'phoneStatus'
    | 'profileStatus'
    | 'tcrBrandId'
    | 'tcrCampaignId'
    | 'phoneNumber'
  >
>;

/** `provisioningStepErrors[step]`: the latest failure of a step. */
export interface ProvisioningStepError {
  code: string;
  detail: string;
  attempts: number;
  at: string;
}

/** An organization's provisioning run and its steps, and the organization fields it owns. */
@Injectable()
export class ProvisioningRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  async find(organizationId: OrganizationId): Promise<ProvisioningRecord | null> {
    const run = await this.tenant.manager.findOneBy(ProvisioningEntity, { organizationId });
    if (!run) return null;
    const steps = await this.tenant.manager.find(ProvisioningStepEntity, {
      where: { organizationId },
      order: { position: 'ASC' },
    });
    return { run, steps };
  }

  /** Serializes starts and resumes of the organization's run until the transaction ends. */
  async lockRun(organizationId: OrganizationId): Promise<void> {
    await this.tenant.manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('telephony_provisioning:' || $1, 0))`,
      [organizationId],
    );
  }

  /**
   * Creates the run and its steps, or resumes it: FAILED steps become PENDING again. The adopted
   * number is recorded while the number step has not finished. Its next job is due now: should it
   * never be sent, the sweep (ProvisioningProcessor) sends it.
   */
  async startOrResume(
    organizationId: OrganizationId,
    existingPhoneNumber: string | null,
  ): Promise<void> {
    await this.tenant.manager.query(
      `INSERT INTO telephony_provisioning (organization_id, existing_phone_number, next_run_at)
       VALUES ($1, $2, now())
       ON CONFLICT (organization_id) DO UPDATE
         SET existing_phone_number = coalesce($2, telephony_provisioning.existing_phone_number),
             next_run_at = now()`,
      [organizationId, existingPhoneNumber],
    );
    await this.tenant.manager.query(
      `INSERT INTO telephony_provisioning_step (organization_id, name, position)
       SELECT $1, name, position FROM unnest($2::text[]) WITH ORDINALITY AS step (name, position)
       ON CONFLICT DO NOTHING`,
      [organizationId, PROVISIONING_STEPS],
    );
    await this.tenant.manager.query(
      `UPDATE telephony_provisioning_step SET status = 'PENDING', updated_at = now()
        WHERE organization_id = $1 AND status = 'FAILED'`,
      [organizationId],
    );
  }

  /**
   * Takes the run for `seconds` unless another worker holds it; false when held. Committed at
   * once: no transaction stays open while the holder calls the provider.
   */
  async claim(organizationId: OrganizationId, seconds: number): Promise<boolean> {
    const [{ claimed }]: { claimed: number }[] = await this.tenant.manager.query(
      `WITH claimed AS (
         UPDATE telephony_provisioning SET lease_until = now() + make_interval(secs => $2)
          WHERE organization_id = $1 AND (lease_until IS NULL OR lease_until < now())
          RETURNING 1)
       SELECT count(*)::int AS claimed FROM claimed`,
      [organizationId, seconds],
    );
    return claimed === 1;
  }

  /** Gives the run back, noting when the next job for it is due (null: none). */
  async release(organizationId: OrganizationId, nextRunAt: Date | null): Promise<void> {
    await this.tenant.manager.update(
      ProvisioningEntity,
      { organizationId },
      { leaseUntil: null, nextRunAt },
    );
  }

  async complete(organizationId: OrganizationId): Promise<void> {
    await this.tenant.manager.update(
      ProvisioningEntity,
      { organizationId },
      { completedAt: new Date(), nextRunAt: null },
    );
  }

  async updateStep(
    organizationId: OrganizationId,
    name: ProvisioningStepName,
    changes: ProvisioningStepChanges,
  ): Promise<void> {
    await this.tenant.manager.update(
      ProvisioningStepEntity,
      { organizationId, name },
      { ...changes, updatedAt: new Date() },
    );
  }

  /**
   * Crosses organizations (system role): the organization whose step `name` created the provider
   * object `providerId` (a webhook names only the provider's id).
   */
  async organizationByProviderId(
    name: ProvisioningStepName,
    providerId: string,
  ): Promise<OrganizationId | null> {
    const step = await this.system.manager.findOneBy(ProvisioningStepEntity, { name, providerId });
    return step ? asOrganizationId(step.organizationId) : null;
  }

  /**
   * Crosses organizations (system role): unfinished runs nobody holds whose next job is overdue by
   * `graceSeconds` (its job was lost), with a step still to run.
   */
  async overdueRuns(graceSeconds: number): Promise<OrganizationId[]> {
    const rows: { organization_id: string }[] = await this.system.manager.query(
      `SELECT run.organization_id FROM telephony_provisioning run
        WHERE run.completed_at IS NULL
          AND run.next_run_at < now() - make_interval(secs => $1)
          AND (run.lease_until IS NULL OR run.lease_until < now())
          AND NOT EXISTS (SELECT 1 FROM telephony_provisioning_step step
                           WHERE step.organization_id = run.organization_id AND step.status = 'FAILED')
        LIMIT 100`,
      [graceSeconds],
    );
    return rows.map((row) => asOrganizationId(row.organization_id));
  }

  async updateOrganization(
    organizationId: OrganizationId,
    changes: ProvisionedFields,
  ): Promise<void> {
    await this.tenant.manager.update(OrganizationEntity, { id: organizationId }, changes);
  }

  /**
   * Gives the organization `phoneNumber` (phoneStatus assigned); false, changing nothing, when
   * another organization has it (organization_phone_number_key). Called outside a transaction:
   * the refused statement would abort one.
   */
  async assignPhoneNumber(organizationId: OrganizationId, phoneNumber: string): Promise<boolean> {
    try {
      await this.updateOrganization(organizationId, { phoneNumber, phoneStatus: 'assigned' });
      return true;
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'organization_phone_number_key') return false;
      throw error;
    }
  }

  /** Sets provisioningError (one line for a person) and provisioningStepErrors[step]. */
  async recordStepError(
    organizationId: OrganizationId,
    name: ProvisioningStepName,
    sentence: string,
    error: ProvisioningStepError,
  ): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE organization SET provisioning_error = $3,
              provisioning_step_errors = provisioning_step_errors || jsonb_build_object($2::text, $4::jsonb)
        WHERE id = $1`,
      [organizationId, name, sentence, JSON.stringify(error)],
    );
  }

  /** A success of the step clears its error (and provisioningError, when it was the step's). */
  async clearStepError(organizationId: OrganizationId, name: ProvisioningStepName): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE organization SET provisioning_error = NULL,
              provisioning_step_errors = provisioning_step_errors - $2::text
        WHERE id = $1 AND provisioning_step_errors ? $2::text`,
      [organizationId, name],
    );
  }
}
