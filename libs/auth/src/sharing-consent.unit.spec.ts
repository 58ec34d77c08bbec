import { type AccessProfile, type MemberRole, permissionsOf } from '@assist/contracts';
import type { OrganizationId } from '@app/database';
import { isSharedWith, mayReadPiiOf, needsSharingConsent } from './access';
import type { AuthContext } from './auth-context';
import { rowScopeOf } from './row-scope';

function member(
  role: MemberRole,
  profiles: AccessProfile[],
  partnerId: string | null,
): AuthContext {
  return {
    memberId: '00000000-0000-4000-8000-000000000001',
    organizationId: '00000000-0000-4000-8000-000000000002' as OrganizationId,
    role,
    profiles,
    partnerId,
    permissions: permissionsOf(role, profiles),
    rowScope: rowScopeOf(role, profiles),
  };
}

const PARTNER = '00000000-0000-4000-8000-000000000003';
const REQUIRED = { requireSharingConsent: true };
const NOT_REQUIRED = { requireSharingConsent: false };

describe('sharing consent (requireSharingConsent)', () => {
  it.each<[string, boolean, AuthContext]>([
    ['a partner admin', true, member('partner_admin', [], PARTNER)],
    ['staff of a partner', true, member('staff', ['pii_reader'], PARTNER)],
    ['organization staff', false, member('staff', ['pii_reader'], null)],
    ['an org admin', false, member('org_admin', [], null)],
  ])('%s: bound %s', (_label, bound, auth) => {
    expect(needsSharingConsent(auth, REQUIRED)).toBe(bound);
    expect(needsSharingConsent(auth, NOT_REQUIRED)).toBe(false);
    expect(isSharedWith(auth, REQUIRED, false)).toBe(!bound);
    expect(isSharedWith(auth, REQUIRED, true)).toBe(true);
  });

  it('masks personal fields as without pii_reader while a bound member lacks the consent', () => {
    const partnerReader = member('staff', ['pii_reader'], PARTNER);
    expect(mayReadPiiOf(partnerReader, NOT_REQUIRED, false)).toBe(true);
    expect(mayReadPiiOf(partnerReader, REQUIRED, false)).toBe(false);
    expect(mayReadPiiOf(partnerReader, REQUIRED, true)).toBe(true);
    const partnerProcessor = member('staff', ['needs_processor'], PARTNER);
    expect(mayReadPiiOf(partnerProcessor, REQUIRED, true)).toBe(false);
    expect(mayReadPiiOf(partnerProcessor, NOT_REQUIRED, false)).toBe(false);
  });
});
