import { DynamicModule, Module, Type } from '@nestjs/common';
import { DatabaseModule, OrganizationRepository, ProvisioningRepository } from '@app/database';
import { MessagingModule } from '@app/messaging';
import { ProvisioningQueue } from './provisioning-queue';
import { ProvisioningProcessor } from './provisioning.processor';
import { ProvisioningRunner } from './provisioning-runner';

/**
 * Runs the provisioning pipeline, part of the background processors. It takes the module of the
 * job queue (JobsModule) as an argument: that module's file registers this one.
 */
@Module({})
export class ProvisioningProcessorsModule {
  static using(jobsModule: Type): DynamicModule {
    return {
      module: ProvisioningProcessorsModule,
      imports: [
        jobsModule,
        MessagingModule,
        DatabaseModule.forFeature([ProvisioningRepository, OrganizationRepository]),
      ],
      providers: [ProvisioningQueue, ProvisioningRunner, ProvisioningProcessor],
    };
  }
}
