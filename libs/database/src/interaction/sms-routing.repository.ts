import { Injectable } from '@nestjs/common';
import { phoneDigits } from '@app/domain';
import { OrganizationEntity } from '../organization/organization.entity';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/** Needs still being worked on: an inbound SMS is filed on the newest of them. */
const OPEN_NEED_STATUSES = ['NEW', 'ACCEPTED', 'IN_PROGRESS', 'ON_HOLD'];

/** What an outgoing SMS needs of its recipient. */
export interface SmsRecipient {
  phone: string | null;
  smsOptedOut: boolean;
}

export interface SmsCorrespondent {
  constituentId: string;
  /** The newest open need of the constituents with this phone, if any. */
  needId: string | null;
}

/**
 * Who an SMS from the provider belongs to: the organization owning the number, and the live
 * constituents with the sender's phone (a household may share one).
 */
@Injectable()
export class SmsRoutingRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  /**
   * Crosses organizations (system role), for provider webhooks that name a number, not an
   * organization: the organization whose provisioned number this is (numbers are unique).
   */
  organizationByNumber(phoneNumber: string): Promise<OrganizationEntity | null> {
    return this.system.manager.findOneBy(OrganizationEntity, { phoneNumber });
  }

  /** The phone and opt-out of each of these constituents that is live, by id (for sending). */
  async recipients(
    organizationId: OrganizationId,
    constituentIds: string[],
  ): Promise<Map<string, SmsRecipient>> {
    if (constituentIds.length === 0) return new Map();
    const rows: { id: string; phone: string | null; sms_opted_out: boolean }[] =
      await this.tenant.manager.query(
        `SELECT id, phone, sms_opted_out FROM constituent
          WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND merged_into_id IS NULL`,
        [organizationId, constituentIds],
      );
    return new Map(
      rows.map((row) => [row.id, { phone: row.phone, smsOptedOut: row.sms_opted_out }]),
    );
  }

  /** The ids of the live constituents with this phone number. */
  async constituentIdsByPhone(organizationId: OrganizationId, phone: string): Promise<string[]> {
    const digits = phoneDigits(phone);
    if (!digits) return [];
    const rows: { id: string }[] = await this.tenant.manager.query(
      `SELECT id FROM constituent
        WHERE organization_id = $1 AND phone_digits = $2 AND merged_into_id IS NULL
        ORDER BY created_at DESC, id DESC`,
      [organizationId, digits],
    );
    return rows.map((row) => row.id);
  }

  /** Whom to file a message from these constituents under: their newest open need, else the newest of them. */
  async correspondent(
    organizationId: OrganizationId,
    constituentIds: string[],
  ): Promise<SmsCorrespondent> {
    const [need] = await this.tenant.manager.query(
      `SELECT id, constituent_id FROM need
        WHERE organization_id = $1 AND constituent_id = ANY($2::uuid[]) AND status = ANY($3::text[])
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [organizationId, constituentIds, OPEN_NEED_STATUSES],
    );
    return need
      ? { constituentId: need.constituent_id, needId: need.id }
      : { constituentId: constituentIds[0], needId: null };
  }

  async setSmsOptedOut(
    organizationId: OrganizationId,
    constituentIds: string[],
    optedOut: boolean,
  ): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE constituent SET sms_opted_out = $3, updated_at = now()
        WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, constituentIds, optedOut],
    );
  }
}
