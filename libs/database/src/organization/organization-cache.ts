import { Injectable } from '@nestjs/common';
import { NotifiedCache } from '../notifications/notified-cache';
import { PartnerEntity } from '../partner/partner.entity';
import { SystemDatabase } from '../tenancy/system-database';
import { OrganizationEntity } from './organization.entity';

/** What intake reads before it records a need: the organization and every partner it routes to. */
export interface IntakeDirectory {
  organization: OrganizationEntity;
  /** Archived ones included, by name. */
  partners: PartnerEntity[];
}

/**
 * An organization's row and partners, read once and then served from memory: every intake reads
 * them, and they change rarely. Triggers announce each committed change to an organization or one
 * of its partners on `organization_changed` with the organization's id (migration 1763800015500),
 * which forgets that organization in every process at once (see NotifiedCache): a disabled
 * organization or an archived partner takes no further need. Entries are shared: read, never
 * change, what this returns.
 */
@Injectable()
export class OrganizationCache extends NotifiedCache<IntakeDirectory | null> {
  constructor(system: SystemDatabase) {
    super('organization_changed', system);
  }

  /** Null when no organization has this id. Crosses no organization: reads only this one's rows. */
  find(organizationId: string): Promise<IntakeDirectory | null> {
    return this.remember(organizationId, async () => {
      const [organization, partners] = await Promise.all([
        this.system.manager.findOneBy(OrganizationEntity, { id: organizationId }),
        this.system.manager.find(PartnerEntity, {
          where: { organizationId },
          order: { name: 'ASC', id: 'ASC' },
        }),
      ]);
      return organization && { organization, partners };
    });
  }
}
