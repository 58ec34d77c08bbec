import { Injectable } from '@nestjs/common';
import {
  type AuthContext,
  boundBySharingConsent,
  isSharedWith,
  type SharingPolicy,
} from '@app/auth';
import {
  AuditLog,
  type ConsentRecord,
  ConstituentConsentRepository,
  type CurrentConsents,
  type NewConsent,
  OrganizationCache,
  type OrganizationId,
  TenantContext,
  type TenantTransaction,
} from '@app/database';
import { CHANNEL_CONSENT, type ConsentPurpose } from '@app/domain';
import { DomainError } from '@app/http';
import type { IntakeConsentDto } from './consent.dto';

const NOT_REQUIRED: SharingPolicy = { requireSharingConsent: false };

function consentRequired(purpose: ConsentPurpose, detail: string): DomainError {
  return new DomainError('consent-required', detail, { purpose });
}

/** A purpose the constituent has withdrawn (or whose grant has expired); no record is no withdrawal. */
function withdrawn(current: CurrentConsents, purpose: ConsentPurpose): boolean {
  return current[purpose]?.granted === false;
}

/** Whether the constituent currently consents to SHARE_WITH_PARTNERS (a grant, unexpired). */
export function sharesWithPartners(current: CurrentConsents): boolean {
  return current.SHARE_WITH_PARTNERS?.granted === true;
}

/**
 * What consents change elsewhere (docs/CONSENT.md), for the features that depend on them: recording
 * them, the current consents of constituents, whether a send or the public survey may go ahead, and
 * the organization's sharing policy.
 */
@Injectable()
export class ConstituentConsents {
  constructor(
    private readonly tenant: TenantContext,
    private readonly consents: ConstituentConsentRepository,
    private readonly organizations: OrganizationCache,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Appends records in the caller's transaction, each audited `consent.record` (ids and codes,
   * never the note) after the records are written.
   */
  async record(
    tx: TenantTransaction,
    organizationId: OrganizationId,
    constituentId: string,
    recordedBy: string | null,
    consents: NewConsent[],
  ): Promise<ConsentRecord[]> {
    const records = await this.consents.insert(organizationId, constituentId, recordedBy, consents);
    for (const { id, purpose, granted, method } of records) {
      await this.audit.record(tx, {
        action: 'consent.record',
        subjectType: 'constituent',
        subjectId: constituentId,
        details: { consentId: id, purpose, granted, method },
      });
    }
    return records;
  }

  /** Public intake's consents, recorded with method PUBLIC_FORM in the route's transaction. */
  async recordPublicForm(
    organizationId: OrganizationId,
    constituentId: string,
    consents: IntakeConsentDto[],
  ): Promise<void> {
    if (consents.length === 0) return;
    const records = consents.map(({ purpose, granted }) => ({
      purpose,
      granted,
      method: 'PUBLIC_FORM' as const,
      note: null,
      expiresAt: null,
    }));
    await this.tenant.transaction((tx) =>
      this.record(tx, organizationId, constituentId, null, records),
    );
  }

  /** The current consents of the constituents, in one statement. */
  currentOf(
    organizationId: OrganizationId,
    constituentIds: string[],
  ): Promise<Map<string, CurrentConsents>> {
    return this.consents.currentOf(organizationId, constituentIds);
  }

  async currentOfOne(
    organizationId: OrganizationId,
    constituentId: string,
  ): Promise<CurrentConsents> {
    return (await this.currentOf(organizationId, [constituentId])).get(constituentId) ?? {};
  }

  /** The caller's organization's sharing policy, from memory, read only when it can bind the caller. */
  async sharingPolicy(auth: AuthContext): Promise<SharingPolicy> {
    if (!boundBySharingConsent(auth)) return NOT_REQUIRED;
    const directory = await this.organizations.find(auth.organizationId);
    return { requireSharingConsent: directory?.organization.requireSharingConsent ?? false };
  }

  /**
   * A send on the channel to the constituent, by the caller: 409 consent-required (naming the
   * purpose) when the constituent is not shared with the caller, or has withdrawn that channel.
   */
  async assertMayMessage(
    auth: AuthContext,
    constituentId: string,
    channel: keyof typeof CHANNEL_CONSENT,
  ): Promise<void> {
    const current = await this.currentOfOne(auth.organizationId, constituentId);
    if (!isSharedWith(auth, await this.sharingPolicy(auth), sharesWithPartners(current))) {
      throw consentRequired(
        'SHARE_WITH_PARTNERS',
        'The constituent has not consented to sharing with partners',
      );
    }
    const purpose = CHANNEL_CONSENT[channel];
    if (withdrawn(current, purpose)) {
      throw consentRequired(purpose, `The constituent has not consented to ${purpose}`);
    }
  }

  /** Whether the constituent may be asked the public survey: unless SURVEY is withdrawn. */
  async allowsSurvey(organizationId: OrganizationId, constituentId: string): Promise<boolean> {
    return !withdrawn(await this.currentOfOne(organizationId, constituentId), 'SURVEY');
  }
}
