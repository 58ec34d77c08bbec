import { Injectable } from '@nestjs/common';
import {
  ContactFields,
  ContactPoint,
  contactPointKey,
  ContactPointKey,
  contactPointsOf,
  isSharedPoint,
} from '@app/domain';
import {
  type OrganizationId,
  ConstituentEntity,
  HouseholdMatchRepository,
  SharedContactEntity,
  SharedContactRepository,
} from '@app/database';

/** The entry that decides the point: its mark, else its detection. */
function entryFor(
  recorded: SharedContactEntity[],
  point: ContactPointKey,
): SharedContactEntity | undefined {
  const key = contactPointKey(point);
  const entries = recorded.filter((entry) => entry.kind === point.kind && entry.key === key);
  return entries.find((entry) => entry.source === 'MARKED') ?? entries[0];
}

/**
 * Which contact points are shared by unrelated people (a shelter's address, an agency's phone, a
 * caseworker's mailbox): as an admin marked them, else as detected from the people who give them,
 * from a bounded sample read on each point's index, never a scan of the organization.
 */
@Injectable()
export class SharedContactPoints {
  constructor(
    private readonly shared: SharedContactRepository,
    private readonly matches: HouseholdMatchRepository,
  ) {}

  /**
   * Which of the contact fields' points are shared now, by kind, recording nothing: for intake,
   * before a constituent exists.
   */
  async sharedKindsOf(
    organizationId: OrganizationId,
    fields: ContactFields,
  ): Promise<ContactPoint[]> {
    const points = contactPointsOf(fields);
    if (points.length === 0) return [];
    const recorded = await this.shared.findForPoints(organizationId, points);
    const judged = await Promise.all(
      points.map(async (point) => {
        const entry = entryFor(recorded, point);
        if (entry?.source === 'MARKED') return entry.shared;
        return isSharedPoint(await this.shared.sampleHolders(organizationId, point, null));
      }),
    );
    return points.filter((_, index) => judged[index]).map((point) => point.kind);
  }

  /**
   * The constituent's shared points, by kind. Detections are recorded as they come and go; a point
   * that has just become shared withdraws the pending suggestions that rested on shared points alone.
   * Call inside the tenant transaction that wrote the constituent, before raising its matches.
   */
  async sharedPointsOf(
    organizationId: OrganizationId,
    constituent: ConstituentEntity,
  ): Promise<ContactPoint[]> {
    const points = contactPointsOf(constituent);
    if (points.length === 0) return [];
    const recorded = await this.shared.findForPoints(organizationId, points);
    const undecided = points.filter((point) => entryFor(recorded, point)?.source !== 'MARKED');
    const samples = await Promise.all(
      undecided.map((point) => this.shared.sampleHolders(organizationId, point, constituent.id)),
    );
    const self = { householdId: constituent.householdId, lastName: constituent.lastName };
    const shared = points.filter((point) => {
      const entry = entryFor(recorded, point);
      if (entry?.source === 'MARKED') return entry.shared;
      return isSharedPoint([...samples[undecided.indexOf(point)], self]);
    });
    const newlyShared: ContactPointKey[] = [];
    for (const point of undecided) {
      if (!shared.includes(point)) {
        if (entryFor(recorded, point)) await this.shared.forgetDetected(organizationId, point);
      } else if (await this.shared.recordDetected(organizationId, point, constituent)) {
        newlyShared.push(point);
      }
    }
    if (newlyShared.length > 0) await this.withdrawResting(organizationId, shared);
    return shared.map((point) => point.kind);
  }

  /** Withdraws the pending suggestions among the points' holders that rest on these points alone. */
  async withdrawResting(
    organizationId: OrganizationId,
    shared: ContactPointKey[],
  ): Promise<number> {
    const holders = await Promise.all(
      shared.map((point) => this.shared.holderIds(organizationId, point)),
    );
    return this.matches.withdrawResting(organizationId, [...new Set(holders.flat())], shared);
  }
}
