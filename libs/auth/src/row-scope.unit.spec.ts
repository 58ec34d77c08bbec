import { ACCESS_PROFILES, type AccessProfile, type MemberRole } from '@assist/contracts';
import { rowScopeOf } from './row-scope';

const PROFILES = ACCESS_PROFILES;

describe('rowScopeOf', () => {
  it.each<[MemberRole, AccessProfile[], ReturnType<typeof rowScopeOf>]>([
    [
      'org_admin',
      [],
      { partnerBound: false, needs: 'partner', confidentialNeeds: 'all', shifts: 'partner' },
    ],
    [
      'partner_admin',
      [],
      { partnerBound: true, needs: 'partner', confidentialNeeds: 'partner', shifts: 'partner' },
    ],
    [
      'partner_admin',
      ['pii_reader'],
      { partnerBound: true, needs: 'partner', confidentialNeeds: 'all', shifts: 'partner' },
    ],
    [
      'staff',
      [],
      { partnerBound: true, needs: 'created', confidentialNeeds: 'assigned', shifts: 'partner' },
    ],
    [
      'staff',
      ['intake_staff'],
      { partnerBound: true, needs: 'created', confidentialNeeds: 'assigned', shifts: 'partner' },
    ],
    [
      'staff',
      ['needs_processor'],
      { partnerBound: true, needs: 'partner', confidentialNeeds: 'assigned', shifts: 'partner' },
    ],
    [
      'staff',
      ['needs_processor', 'pii_reader'],
      { partnerBound: true, needs: 'partner', confidentialNeeds: 'all', shifts: 'partner' },
    ],
    [
      'volunteer',
      [],
      { partnerBound: true, needs: 'assigned', confidentialNeeds: 'assigned', shifts: 'own' },
    ],
    [
      'volunteer',
      ['needs_processor'],
      { partnerBound: true, needs: 'assigned', confidentialNeeds: 'assigned', shifts: 'own' },
    ],
    [
      'volunteer',
      ['pii_reader'],
      { partnerBound: true, needs: 'assigned', confidentialNeeds: 'all', shifts: 'own' },
    ],
  ])('%s with %j', (role, profiles, expected) => {
    expect(rowScopeOf(role, profiles)).toEqual(expected);
  });

  it('never narrows a scope: every profile keeps or widens each reach of every role', () => {
    const order = { assigned: 0, created: 1, own: 0, partner: 2, all: 3 } as const;
    for (const role of ['org_admin', 'partner_admin', 'staff', 'volunteer'] as const) {
      const base = rowScopeOf(role, []);
      for (const profile of PROFILES) {
        const widened = rowScopeOf(role, [profile]);
        expect(widened.partnerBound).toBe(base.partnerBound);
        for (const reach of ['needs', 'confidentialNeeds', 'shifts'] as const) {
          expect(order[widened[reach]]).toBeGreaterThanOrEqual(order[base[reach]]);
        }
      }
    }
  });

  it('lets no profile take a member beyond its partner', () => {
    for (const profile of PROFILES) {
      for (const role of ['partner_admin', 'staff', 'volunteer'] as const) {
        expect(rowScopeOf(role, [profile]).partnerBound).toBe(true);
      }
    }
  });
});
