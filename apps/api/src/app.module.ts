import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/database';
import { JobProcessorsModule } from '@app/jobs';
import { AuditModule } from './modules/audit/audit.module';
import { AuthApiModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { MembersModule } from './modules/members/members.module';
import { NeedsModule } from './modules/needs/needs.module';
import { PartnersModule } from './modules/partners/partners.module';
import { ProvisioningModule } from './modules/provisioning/provisioning.module';
import { SettingsModule } from './modules/settings/settings.module';
import { SurveysModule } from './modules/surveys/surveys.module';
import { VolunteersModule } from './modules/volunteers/volunteers.module';
import { ConstituentsModule } from './modules/constituents';
import { HouseholdsModule } from './modules/households/households.module';
import { SharedContactsModule } from './modules/shared-contacts/shared-contacts.module';
import { MessagingApiModule } from './modules/messaging/messaging.module';
import { TelephonyModule } from './modules/telephony/telephony.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { EventSubscriptionsModule } from './modules/event-subscriptions/event-subscriptions.module';

/** The HTTP API. `databaseUrl` is resolved by the caller (embedded PostgreSQL or DATABASE_URL). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, databaseUrl),
        DatabaseModule.forRoot(databaseUrl),
        AuthModule,
        ...(config.runWorkers ? [JobProcessorsModule] : []),
        HealthModule,
        AuthApiModule,
        MembersModule,
        NeedsModule,
        PartnersModule,
        SettingsModule,
        SurveysModule,
        ProvisioningModule,
        VolunteersModule,
        ConstituentsModule,
        HouseholdsModule,
        SharedContactsModule,
        MessagingApiModule,
        TelephonyModule,
        WebhooksModule,
        EventSubscriptionsModule,
        AuditModule,
      ],
    };
  }
}
