import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  OrganizationEmailSettingsRepository,
  OrganizationRepository,
} from '@app/database';
import { EmailSettingsController } from './email-settings.controller';
import { EmailSettingsService } from './email-settings.service';
import { OrganizationSettingsController } from './organization-settings.controller';
import { OrganizationSettingsService } from './organization-settings.service';

/** Organization settings and its email delivery settings (MessagingModule is global). */
@Module({
  imports: [
    DatabaseModule.forFeature([OrganizationRepository, OrganizationEmailSettingsRepository]),
  ],
  controllers: [OrganizationSettingsController, EmailSettingsController],
  providers: [OrganizationSettingsService, EmailSettingsService],
})
export class SettingsModule {}
