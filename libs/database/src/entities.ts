import { MemberInvitationEntity } from './auth/member-invitation.entity';
import { RefreshTokenEntity } from './auth/refresh-token.entity';
import { OrganizationEmailSettingsEntity } from './email-settings/organization-email-settings.entity';
import { MemberEntity } from './member/member.entity';
import { OrganizationEntity } from './organization/organization.entity';
import { PartnerEntity } from './partner/partner.entity';
import { VolunteerShiftEntity } from './volunteer-shift/volunteer-shift.entity';
import { IdempotencyKeyEntity } from './idempotency/idempotency-key.entity';
import { NeedHistoryEntity } from './need/need-history.entity';
import { NeedEntity } from './need/need.entity';
import { ConstituentEntity } from './constituent/constituent.entity';
import { HouseholdMatchEntity } from './household/household-match.entity';
import { HouseholdEntity } from './household/household.entity';
import { MergeAuditEntity } from './household/merge-audit.entity';
import { InteractionEntity } from './interaction/interaction.entity';
import { TelephonyDetailRecordEntity } from './telephony/telephony-detail-record.entity';
import { ProvisioningEntity, ProvisioningStepEntity } from './provisioning/provisioning.entity';
import { SharedContactEntity } from './shared-contact/shared-contact.entity';

/** Every entity the data source knows. */
export const ENTITIES = [
  OrganizationEntity,
  MemberEntity,
  RefreshTokenEntity,
  MemberInvitationEntity,
  OrganizationEmailSettingsEntity,
  PartnerEntity,
  VolunteerShiftEntity,
  NeedEntity,
  NeedHistoryEntity,
  IdempotencyKeyEntity,
  HouseholdEntity,
  ConstituentEntity,
  HouseholdMatchEntity,
  MergeAuditEntity,
  InteractionEntity,
  TelephonyDetailRecordEntity,
  ProvisioningEntity,
  ProvisioningStepEntity,
  SharedContactEntity,
];
