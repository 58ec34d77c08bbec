import { Injectable } from '@nestjs/common';
import { contactPointKey, ContactPointKey, PointHolder } from '@app/domain';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import { SharedContactEntity } from './shared-contact.entity';

/** How many holders of one point detection reads, at most: enough to count a few households. */
const HOLDER_SAMPLE = 50;

/** A point as given, stored beside its key so an admin can read it. */
export interface SharedContactValues {
  phone: string | null;
  email: string | null;
  addressStreet: string | null;
  addressZip: string | null;
}

export interface SharedContactMark {
  point: ContactPointKey;
  values: SharedContactValues;
  shared: boolean;
  label: string | null;
  markedBy: string;
}

/** The indexed predicate (on constituent `c`) of one point, with its parameters from `$first` on. */
function holderPredicate(point: ContactPointKey, first: number): [string, string[]] {
  if (point.kind === 'PHONE') return [`c.phone_digits = $${first}`, [point.phoneDigits]];
  if (point.kind === 'EMAIL') return [`c.email = $${first}`, [point.email]];
  return [
    `c.address_zip = $${first} AND c.street_key = $${first + 1}`,
    [point.zip, point.streetKey],
  ];
}

@Injectable()
export class SharedContactRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  /** What is recorded of the points: a point may have a mark and a detection. */
  async findForPoints(
    organizationId: OrganizationId,
    points: ContactPointKey[],
  ): Promise<SharedContactEntity[]> {
    if (points.length === 0) return [];
    return this.tenant.manager.find(SharedContactEntity, {
      where: points.map((point) => ({
        organizationId,
        kind: point.kind,
        key: contactPointKey(point),
      })),
    });
  }

  /**
   * Crosses organizations: as the system role (see ConstituentRepository), a bounded sample of the
   * organization's live constituents (other than `excludeId`, if any) giving the point, from the point's
   * index (committed rows only). Returns households and surnames only.
   */
  async sampleHolders(
    organizationId: OrganizationId,
    point: ContactPointKey,
    excludeId: string | null,
  ): Promise<PointHolder[]> {
    const [predicate, values] = holderPredicate(point, 3);
    const rows: { household_id: string; last_name: string | null }[] =
      await this.system.manager.query(
        `SELECT c.household_id, c.last_name FROM constituent c
          WHERE c.organization_id = $1 AND c.merged_into_id IS NULL AND c.id IS DISTINCT FROM $2::uuid
            AND ${predicate}
          LIMIT ${HOLDER_SAMPLE}`,
        [organizationId, excludeId, ...values],
      );
    return rows.map((row) => ({ householdId: row.household_id, lastName: row.last_name }));
  }

  /**
   * Crosses organizations, as sampleHolders: the ids of every live constituent giving the point
   * (committed rows only), for withdrawing the suggestions that rest on it.
   */
  async holderIds(organizationId: OrganizationId, point: ContactPointKey): Promise<string[]> {
    const [predicate, values] = holderPredicate(point, 2);
    const rows: { id: string }[] = await this.system.manager.query(
      `SELECT c.id FROM constituent c
        WHERE c.organization_id = $1 AND c.merged_into_id IS NULL AND ${predicate}`,
      [organizationId, ...values],
    );
    return rows.map((row) => row.id);
  }

  /** Records a point detected as shared; true when it was not known before. */
  async recordDetected(
    organizationId: OrganizationId,
    point: ContactPointKey,
    values: SharedContactValues,
  ): Promise<boolean> {
    const inserted: unknown[] = await this.tenant.manager.query(
      `INSERT INTO shared_contact
         (organization_id, kind, key, phone, email, address_street, address_zip, shared, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true, 'DETECTED')
       ON CONFLICT (organization_id, kind, key, source) DO NOTHING
       RETURNING id`,
      [
        organizationId,
        point.kind,
        contactPointKey(point),
        values.phone,
        values.email,
        values.addressStreet,
        values.addressZip,
      ],
    );
    return inserted.length > 0;
  }

  /** Forgets a detection that no longer holds (marks stay). */
  async forgetDetected(organizationId: OrganizationId, point: ContactPointKey): Promise<void> {
    await this.tenant.manager.delete(SharedContactEntity, {
      organizationId,
      kind: point.kind,
      key: contactPointKey(point),
      source: 'DETECTED',
    });
  }

  /**
   * An admin's mark: a new entry (new id, created now) in place of the point's earlier mark, beside
   * its detection, which stays as it is. Nothing in the answer depends on what was recorded before,
   * so a mark of a guessed point tells nothing of it.
   */
  async mark(
    organizationId: OrganizationId,
    mark: SharedContactMark,
  ): Promise<SharedContactEntity> {
    const [{ id }]: { id: string }[] = await this.tenant.manager.query(
      `INSERT INTO shared_contact
         (organization_id, kind, key, phone, email, address_street, address_zip, shared, source, label, marked_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'MARKED', $9, $10)
       ON CONFLICT (organization_id, kind, key, source) DO UPDATE
         SET id = gen_random_uuid(), phone = EXCLUDED.phone, email = EXCLUDED.email,
             address_street = EXCLUDED.address_street, address_zip = EXCLUDED.address_zip,
             shared = EXCLUDED.shared, label = EXCLUDED.label, marked_by = EXCLUDED.marked_by,
             created_at = now(), updated_at = now()
       RETURNING id`,
      [
        organizationId,
        mark.point.kind,
        contactPointKey(mark.point),
        mark.values.phone,
        mark.values.email,
        mark.values.addressStreet,
        mark.values.addressZip,
        mark.shared,
        mark.label,
        mark.markedBy,
      ],
    );
    return this.tenant.manager.findOneByOrFail(SharedContactEntity, { organizationId, id });
  }

  /** Newest first. */
  list(organizationId: OrganizationId, limit: number): Promise<SharedContactEntity[]> {
    return this.tenant.manager.find(SharedContactEntity, {
      where: { organizationId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** Deletes the entry; false when the organization has no such entry. */
  async remove(organizationId: OrganizationId, id: string): Promise<boolean> {
    const result = await this.tenant.manager.delete(SharedContactEntity, { organizationId, id });
    return (result.affected ?? 0) > 0;
  }
}
