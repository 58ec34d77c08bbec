import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  OrganizationEmailSettingsRepository,
  OrganizationRepository,
  ProvisioningRepository,
} from '@app/database';
import { MessagingModule } from '@app/messaging';
import { EmailSettingsController } from './email-settings.controller';
import { EmailSettingsService } from './email-settings.service';
import { OrganizationSettingsController } from './organization-settings.controller';
import { OrganizationSettingsService } from './organization-settings.service';

/** Organization settings and its email delivery settings. */
@Module({
  imports: [
    DatabaseModule.forFeature([
      OrganizationRepository,
      OrganizationEmailSettingsRepository,
      ProvisioningRepository,
    ]),
    MessagingModule,
  ],
  controllers: [OrganizationSettingsController, EmailSettingsController],
  providers: [OrganizationSettingsService, EmailSettingsService],
})
export class SettingsModule {}
