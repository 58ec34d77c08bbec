import { Injectable } from '@nestjs/common';
import { contactPointsOf, isSharedPoint } from '@app/domain';
import { CONSTITUENT_FIELDS, ConstituentEntity } from './constituent.entity';
import { HouseholdRepository } from '../household/household.repository';
import { SharedContactRepository } from '../shared-contact/shared-contact.repository';
import { lockInIdOrder } from '../sql';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import type { TenantTransaction } from '../tenancy/tenant-transaction';

/** The keys of a merge before-image and of `overridden` that hold personal data. */
const PERSONAL_KEYS = [...CONSTITUENT_FIELDS, 'nameKey', 'aliasKey', 'phoneDigits', 'streetKey'];

/** A merge record's `overridden` with every value gone (the field names stay). */
const OVERRIDDEN_WITHOUT_VALUES = `(SELECT coalesce(jsonb_object_agg(field, '{"before": null, "after": null}'::jsonb), '{}')
                                      FROM jsonb_object_keys(overridden) field)`;

/** The constituent as stored after an erasure, and whether this call erased it (not an earlier one). */
export interface ErasureOutcome {
  constituent: ConstituentEntity;
  erasedNow: boolean;
}

/**
 * Erasure: everything derived from a constituent's personal data goes, in the caller's
 * transaction; what it is and did (its needs, the shape of its interactions, its consents' codes)
 * stays. The constituents merged into it (the same person) are erased with it.
 */
@Injectable()
export class ConstituentErasureRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly households: HouseholdRepository,
    private readonly shared: SharedContactRepository,
  ) {}

  /**
   * Erases the live constituent and those merged into it; returns it as stored, or null when it is
   * missing or merged away. One erased before is returned as it is, nothing written. Locks, as a merge
   * undo does: the merge records naming them, then the constituents, in id order.
   */
  async erase(
    organizationId: OrganizationId,
    _tx: TenantTransaction,
    constituentId: string,
    erasedBy: string | null,
  ): Promise<ErasureOutcome | null> {
    let ids = await this.samePerson(organizationId, constituentId);
    await this.tenant.manager.query(
      `SELECT id FROM merge_audit
        WHERE organization_id = $1
          AND (source_constituent_id = ANY ($2::uuid[]) OR target_constituent_id = ANY ($2::uuid[]))
        ORDER BY id FOR UPDATE`,
      [organizationId, ids],
    );
    const locked = await lockInIdOrder(this.tenant.manager, ConstituentEntity, organizationId, ids);
    const constituent = locked.find((row) => row.id === constituentId);
    if (!constituent || constituent.mergedIntoId) return null;
    if (constituent.erasedAt) return { constituent, erasedNow: false };
    // Read again under the locks: an undo that committed while this waited took its source back.
    const stillMerged = new Set(await this.samePerson(organizationId, constituentId));
    ids = ids.filter((id) => stillMerged.has(id));
    const household = await this.households.insert(organizationId);
    await this.tenant.manager.query(
      `UPDATE constituent
          SET first_name = NULL, last_name = NULL, phone = NULL, email = NULL,
              address_street = NULL, address_city = NULL, address_state = NULL, address_zip = NULL,
              date_of_birth = NULL, name_key = NULL, alias_key = NULL, phone_digits = NULL,
              street_key = NULL, erased_at = now(), updated_at = now(),
              household_id = CASE WHEN id = $3 THEN $4::uuid ELSE household_id END
        WHERE organization_id = $1 AND id = ANY ($2::uuid[])`,
      [organizationId, ids, constituentId, household.id],
    );
    await this.eraseTraces(organizationId, ids, erasedBy);
    const erasedRows = locked.filter((row) => stillMerged.has(row.id));
    await this.forgetSharedPoints(organizationId, erasedRows, constituentId);
    const erased = await this.tenant.manager.findOneByOrFail(ConstituentEntity, {
      organizationId,
      id: constituentId,
    });
    return { constituent: erased, erasedNow: true };
  }

  /** The constituent and every one merged into it, directly or through another. */
  private async samePerson(
    organizationId: OrganizationId,
    constituentId: string,
  ): Promise<string[]> {
    const rows: { id: string }[] = await this.tenant.manager.query(
      `WITH RECURSIVE same (id) AS (
         SELECT $2::uuid
         UNION
         SELECT c.id FROM constituent c JOIN same ON c.merged_into_id = same.id
          WHERE c.organization_id = $1)
       SELECT id FROM same`,
      [organizationId, constituentId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * What other rows keep of the person: pending suggestions are dismissed; interactions lose their
   * subject, body and provider error; their telephony records' numbers lose every digit; the merge
   * before-images lose their personal fields; consent records lose their notes.
   */
  private async eraseTraces(
    organizationId: OrganizationId,
    ids: string[],
    erasedBy: string | null,
  ): Promise<void> {
    const manager = this.tenant.manager;
    await manager.query(
      `UPDATE household_match SET status = 'DISMISSED', resolved_at = now(), resolved_by = $3
        WHERE organization_id = $1 AND status = 'PENDING'
          AND (constituent_id = ANY ($2::uuid[]) OR candidate_constituent_id = ANY ($2::uuid[]))`,
      [organizationId, ids, erasedBy],
    );
    await manager.query(
      `UPDATE telephony_detail_record
          SET cli = regexp_replace(cli, '[0-9]', '*', 'g'), cld = regexp_replace(cld, '[0-9]', '*', 'g')
        WHERE organization_id = $1 AND interaction_id IN (
          SELECT id FROM interaction WHERE organization_id = $1 AND constituent_id = ANY ($2::uuid[]))`,
      [organizationId, ids],
    );
    await manager.query(
      `UPDATE interaction SET subject = NULL, body = '', error = NULL
        WHERE organization_id = $1 AND constituent_id = ANY ($2::uuid[])`,
      [organizationId, ids],
    );
    await manager.query(
      `UPDATE merge_audit
          SET source_before = CASE WHEN source_constituent_id = ANY ($2::uuid[])
                                   THEN source_before - $3::text[] ELSE source_before END,
              target_before = CASE WHEN target_constituent_id = ANY ($2::uuid[])
                                   THEN target_before - $3::text[] ELSE target_before END,
              overridden = CASE WHEN target_constituent_id = ANY ($2::uuid[])
                                THEN ${OVERRIDDEN_WITHOUT_VALUES} ELSE overridden END
        WHERE organization_id = $1
          AND (source_constituent_id = ANY ($2::uuid[]) OR target_constituent_id = ANY ($2::uuid[]))`,
      [organizationId, ids, PERSONAL_KEYS],
    );
    await manager.query(
      `UPDATE constituent_consent SET note = NULL
        WHERE organization_id = $1 AND constituent_id = ANY ($2::uuid[]) AND note IS NOT NULL`,
      [organizationId, ids],
    );
  }

  /**
   * The detections of the erased points that no longer hold without them (an admin's marks stay:
   * they describe the point, not the person).
   */
  private async forgetSharedPoints(
    organizationId: OrganizationId,
    erased: ConstituentEntity[],
    constituentId: string,
  ): Promise<void> {
    const points = erased.flatMap((constituent) => contactPointsOf(constituent));
    for (const point of points) {
      const holders = await this.shared.sampleHolders(organizationId, point, constituentId);
      if (!isSharedPoint(holders)) await this.shared.forgetDetected(organizationId, point);
    }
  }
}
