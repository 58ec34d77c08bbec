import { Injectable } from '@nestjs/common';
import type { NeedStatus } from '@assist/contracts';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/** What the public may learn of a need by its reference number (never PII, ids or partner names). */
export interface NeedPublicStatus {
  referenceNumber: string;
  status: NeedStatus;
  isConfidential: boolean;
  publicCategoryName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

@Injectable()
export class PublicStatusRepository {
  constructor(private readonly tenant: TenantContext) {}

  /**
   * The need with this reference number in the entered organization, if that organization is
   * ENABLED (on the organization's unique reference-number index).
   */
  async find(
    organizationId: OrganizationId,
    referenceNumber: string,
  ): Promise<NeedPublicStatus | null> {
    const rows: NeedPublicStatus[] = await this.tenant.manager.query(
      `SELECT need.reference_number AS "referenceNumber", need.status,
              need.is_confidential AS "isConfidential",
              partner.public_category_name AS "publicCategoryName",
              need.created_at AS "createdAt", need.updated_at AS "updatedAt"
         FROM need
         JOIN organization ON organization.id = need.organization_id
         JOIN partner ON partner.organization_id = need.organization_id AND partner.id = need.partner_id
        WHERE need.organization_id = $1 AND need.reference_number = $2
          AND organization.org_status = 'ENABLED'`,
      [organizationId, referenceNumber],
    );
    return rows[0] ?? null;
  }
}
