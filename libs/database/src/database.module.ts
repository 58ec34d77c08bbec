import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoginFailureRepository } from './auth/login-failure.repository';
import { MemberInvitationRepository } from './auth/member-invitation.repository';
import { RefreshTokenRepository } from './auth/refresh-token.repository';
import { dataSourceOptions } from './data-source-options';
import { Database, SYSTEM_DATA_SOURCE } from './tenancy/database';
import { APPLICATION_ROLE, SYSTEM_ROLE } from './tenancy/database-roles';
import { OrganizationEmailSettingsRepository } from './email-settings/organization-email-settings.repository';
import { MemberRepository } from './member/member.repository';
import { OrganizationRepository } from './organization/organization.repository';
import { PartnerRepository } from './partner/partner.repository';
import { VolunteerShiftRepository } from './volunteer-shift/volunteer-shift.repository';
import { IdempotencyKeyRepository } from './idempotency/idempotency-key.repository';
import { NeedHistoryRepository } from './need/need-history.repository';
import { NeedRepository } from './need/need.repository';
import { ConstituentLinksRepository } from './constituent/constituent-links.repository';
import { ConstituentRepository } from './constituent/constituent.repository';
import { HouseholdMatchRepository } from './household/household-match.repository';
import { HouseholdRepository } from './household/household.repository';
import { MergeAuditRepository } from './household/merge-audit.repository';
import { InteractionRepository } from './interaction/interaction.repository';
import { SmsRoutingRepository } from './interaction/sms-routing.repository';
import { SmsUsageRepository } from './sms-usage/sms-usage.repository';
import { TelephonyDetailRecordRepository } from './telephony/telephony-detail-record.repository';

const REPOSITORIES = [
  Database,
  OrganizationRepository,
  MemberRepository,
  RefreshTokenRepository,
  MemberInvitationRepository,
  LoginFailureRepository,
  OrganizationEmailSettingsRepository,
  PartnerRepository,
  VolunteerShiftRepository,
  NeedRepository,
  NeedHistoryRepository,
  IdempotencyKeyRepository,
  HouseholdRepository,
  ConstituentRepository,
  ConstituentLinksRepository,
  HouseholdMatchRepository,
  MergeAuditRepository,
  InteractionRepository,
  SmsRoutingRepository,
  SmsUsageRepository,
  TelephonyDetailRecordRepository,
];

/**
 * The data sources (the application role's, and the system role's for cross-organization work), the
 * Database that picks between them, and every repository, available to the whole application.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(url, { role: APPLICATION_ROLE })),
        TypeOrmModule.forRoot({
          name: SYSTEM_DATA_SOURCE,
          ...dataSourceOptions(url, { role: SYSTEM_ROLE, poolSize: 10 }),
        }),
      ],
      providers: REPOSITORIES,
      exports: REPOSITORIES,
    };
  }
}
