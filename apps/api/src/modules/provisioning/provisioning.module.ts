import { Module } from '@nestjs/common';
import { DatabaseModule, OrganizationRepository, ProvisioningRepository } from '@app/database';
import { JobsModule, ProvisioningQueue } from '@app/jobs';
import { ProvisioningController } from './provisioning.controller';
import { ProvisioningService } from './provisioning.service';

/** Telephony provisioning: start, resume and follow it (the worker runs the steps). */
@Module({
  imports: [
    DatabaseModule.forFeature([ProvisioningRepository, OrganizationRepository]),
    JobsModule,
  ],
  controllers: [ProvisioningController],
  providers: [ProvisioningService, ProvisioningQueue],
})
export class ProvisioningModule {}
