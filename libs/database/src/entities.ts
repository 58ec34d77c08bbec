import { MemberInvitationEntity } from './auth/member-invitation.entity';
import { RefreshTokenEntity } from './auth/refresh-token.entity';
import { MemberEntity } from './member/member.entity';
import { OrganizationEntity } from './organization/organization.entity';

/** Every entity the data source knows. */
export const ENTITIES = [
  OrganizationEntity,
  MemberEntity,
  RefreshTokenEntity,
  MemberInvitationEntity,
];
