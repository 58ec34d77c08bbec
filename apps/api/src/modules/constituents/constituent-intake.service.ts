import { Injectable } from '@nestjs/common';
import { isSamePerson } from '@app/domain';
import {
  type OrganizationId,
  CONSTITUENT_FIELDS,
  ConstituentEntity,
  ConstituentFields,
  ConstituentRepository,
  HouseholdMatchEntity,
  HouseholdRepository,
} from '@app/database';
import { DomainError } from '@app/http';
import type { ContactDto } from './contact.dto';
import { HouseholdMatchRaiser } from './household-match-raiser';
import { SharedContactPoints } from './shared-contact-points';

export interface IntakeResult {
  constituentId: string;
  householdId: string;
  /** Set when likely duplicates exist (household matches were raised for review). */
  duplicateWarning: string | null;
}

export interface CreatedConstituent {
  constituent: ConstituentEntity;
  matches: HouseholdMatchEntity[];
}

/** Every field (null when not given); at least a name, a phone or an email (else 400 naming `field`). */
function completeFields(contact: ContactDto, field: string): ConstituentFields {
  const fields = Object.fromEntries(
    CONSTITUENT_FIELDS.map((field) => [field, contact[field] ?? null]),
  );
  const complete = fields as ConstituentFields;
  if (!complete.firstName && !complete.lastName && !complete.phone && !complete.email) {
    throw DomainError.invalid(
      field,
      'a constituent needs at least a name, a phone number or an email address',
    );
  }
  return complete;
}

function duplicateWarning(matches: HouseholdMatchEntity[]): string | null {
  if (matches.length === 0) return null;
  const reasons = [...new Set(matches.flatMap((match) => match.reasons))].join(', ');
  const count =
    matches.length === 1 ? '1 existing constituent' : `${matches.length} existing constituents`;
  return `Possible duplicate: resembles ${count} (${reasons}); household matches were raised for review`;
}

/**
 * Creating constituents, for staff intake and for need intake (the `contact` of a need). Either may
 * write several rows and share-lock a household: call it inside the caller's tenant.transaction().
 */
@Injectable()
export class ConstituentIntakeService {
  constructor(
    private readonly constituents: ConstituentRepository,
    private readonly households: HouseholdRepository,
    private readonly raiser: HouseholdMatchRaiser,
    private readonly sharedPoints: SharedContactPoints,
  ) {}

  /**
   * Reuses an existing constituent when it is certainly the same person (the same phone or email,
   * not a shared contact point such as a shelter's front desk, and the same normalized first and
   * last name, no conflicting birth date); its record is left as it is. Otherwise creates one in a new household and raises household matches for likely duplicates.
   */
  async intake(organizationId: OrganizationId, contact: ContactDto): Promise<IntakeResult> {
    const fields = completeFields(contact, 'contact');
    const candidates = await this.constituents.findMatchCandidates(organizationId, fields, null);
    const same = await this.samePerson(organizationId, fields, candidates);
    if (same)
      return { constituentId: same.id, householdId: same.householdId, duplicateWarning: null };
    const { constituent, matches } = await this.insert(organizationId, fields, null, candidates);
    return {
      constituentId: constituent.id,
      householdId: constituent.householdId,
      duplicateWarning: duplicateWarning(matches),
    };
  }

  /** The candidate certainly the same person; shared points are looked up only if one may be. */
  private async samePerson(
    organizationId: OrganizationId,
    fields: ConstituentFields,
    candidates: ConstituentEntity[],
  ): Promise<ConstituentEntity | undefined> {
    const likely = candidates.filter((candidate) => isSamePerson(fields, candidate));
    if (likely.length === 0) return undefined;
    const shared = await this.sharedPoints.sharedKindsOf(organizationId, fields);
    return likely.find((candidate) => isSamePerson(fields, candidate, shared));
  }

  /** Always creates: in the given household of the organization (400 otherwise), else a new one. */
  async create(
    organizationId: OrganizationId,
    contact: ContactDto,
    householdId: string | null,
  ): Promise<CreatedConstituent> {
    const fields = completeFields(contact, 'body');
    const candidates = await this.constituents.findMatchCandidates(organizationId, fields, null);
    return this.insert(organizationId, fields, householdId, candidates);
  }

  private async insert(
    organizationId: OrganizationId,
    fields: ConstituentFields,
    householdId: string | null,
    candidates: ConstituentEntity[],
  ): Promise<CreatedConstituent> {
    const household = householdId
      ? await this.households.lockLive(organizationId, householdId)
      : await this.households.insert(organizationId);
    if (!household)
      throw DomainError.invalid(
        'householdId',
        'householdId must name a household of your organization',
      );
    const constituent = await this.constituents.insert(organizationId, household.id, fields);
    return {
      constituent,
      matches: await this.raiser.raise(organizationId, constituent, candidates),
    };
  }
}
