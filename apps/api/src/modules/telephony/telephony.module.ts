import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  OrganizationRepository,
  TelephonyDetailRecordRepository,
} from '@app/database';
import { TelephonyController } from './telephony.controller';
import { TelephonyService } from './telephony.service';

/** The telephony detail records of an organization. */
@Module({
  imports: [DatabaseModule.forFeature([OrganizationRepository, TelephonyDetailRecordRepository])],
  controllers: [TelephonyController],
  providers: [TelephonyService],
})
export class TelephonyModule {}
