import { Injectable } from '@nestjs/common';
import type { ConsentMethod, ConsentPurpose } from '@app/domain';
import type { KeysetCursor } from '@app/http';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/** One consent given or withdrawn. Never changed; a merge only re-points `constituentId`. */
export interface ConsentRecord {
  id: string;
  constituentId: string;
  purpose: ConsentPurpose;
  granted: boolean;
  method: ConsentMethod;
  note: string | null;
  /** The member who recorded it; null for public intake. */
  recordedBy: string | null;
  recordedAt: Date;
  expiresAt: Date | null;
}

export type NewConsent = Pick<
  ConsentRecord,
  'purpose' | 'granted' | 'method' | 'note' | 'expiresAt'
>;

/** A purpose's newest record; `granted` is false for a grant past its expiry. */
export interface ConsentState {
  granted: boolean;
  recordedAt: Date;
  expiresAt: Date | null;
}

/** A constituent's current consents: the purposes it has a record of. */
export type CurrentConsents = Partial<Record<ConsentPurpose, ConsentState>>;

export interface ConsentPage {
  records: ConsentRecord[];
  /** The position after the page when more follow. */
  next: KeysetCursor | null;
}

const COLUMNS = `id, constituent_id AS "constituentId", purpose, granted, method, note,
  recorded_by AS "recordedBy", recorded_at AS "recordedAt", expires_at AS "expiresAt"`;

/**
 * SQL: constituent `c` currently consents to SHARE_WITH_PARTNERS: the end of its current grant
 * (kept by a trigger from current_constituent_consent, migration 1763800020000) is still ahead.
 */
export const SHARED_WITH_PARTNERS_SQL = 'c.shared_with_partners_until > now()';

/** Consent records: appended, listed, and read as each constituent's current state. */
@Injectable()
export class ConstituentConsentRepository {
  constructor(private readonly tenant: TenantContext) {}

  /** Appends the records in one statement (in the caller's transaction, if any). */
  insert(
    organizationId: OrganizationId,
    constituentId: string,
    recordedBy: string | null,
    consents: NewConsent[],
  ): Promise<ConsentRecord[]> {
    return this.tenant.manager.query(
      `INSERT INTO constituent_consent
         (organization_id, constituent_id, recorded_by, purpose, granted, method, note, expires_at)
       SELECT $1, $2, $3, consent.purpose, consent.granted, consent.method, consent.note,
              consent.expires_at
         FROM unnest($4::text[], $5::boolean[], $6::text[], $7::text[], $8::timestamptz[])
           WITH ORDINALITY AS consent (purpose, granted, method, note, expires_at, position)
        ORDER BY consent.position
       RETURNING ${COLUMNS}`,
      [
        organizationId,
        constituentId,
        recordedBy,
        consents.map((consent) => consent.purpose),
        consents.map((consent) => consent.granted),
        consents.map((consent) => consent.method),
        consents.map((consent) => consent.note),
        consents.map((consent) => consent.expiresAt),
      ],
    );
  }

  /** A page of the constituent's records, newest first. */
  async history(
    organizationId: OrganizationId,
    constituentId: string,
    limit: number,
    after?: KeysetCursor,
  ): Promise<ConsentPage> {
    const parameters: unknown[] = [organizationId, constituentId, limit + 1];
    let position = '';
    if (after) {
      parameters.push(after.createdAtMicros, after.id);
      position = `AND (recorded_at, id) <
        ('epoch'::timestamptz + $4::bigint * interval '1 microsecond', $5::uuid)`;
    }
    const rows: (ConsentRecord & { cursorMicros: string })[] = await this.tenant.manager.query(
      `SELECT ${COLUMNS}, (extract(epoch FROM recorded_at) * 1000000)::bigint::text AS "cursorMicros"
         FROM constituent_consent
        WHERE organization_id = $1 AND constituent_id = $2 ${position}
        ORDER BY recorded_at DESC, id DESC LIMIT $3`,
      parameters,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      records: page.map(({ cursorMicros: _cursor, ...record }) => record),
      next: rows.length > limit ? { createdAtMicros: last.cursorMicros, id: last.id } : null,
    };
  }

  /** The current consents of each constituent (absent: none recorded), in one statement. */
  async currentOf(
    organizationId: OrganizationId,
    constituentIds: string[],
  ): Promise<Map<string, CurrentConsents>> {
    const current = new Map<string, CurrentConsents>();
    if (constituentIds.length === 0) return current;
    const rows: (ConsentState & { constituentId: string; purpose: ConsentPurpose })[] =
      await this.tenant.manager.query(
        `SELECT constituent_id AS "constituentId", purpose, granted, recorded_at AS "recordedAt",
                expires_at AS "expiresAt"
           FROM current_constituent_consent
          WHERE organization_id = $1 AND constituent_id = ANY ($2::uuid[])`,
        [organizationId, constituentIds],
      );
    for (const { constituentId, purpose, ...state } of rows) {
      current.set(constituentId, { ...current.get(constituentId), [purpose]: state });
    }
    return current;
  }
}
