import { Module } from '@nestjs/common';
import { TelephonyController } from './telephony.controller';
import { TelephonyService } from './telephony.service';

/** The telephony detail records of an organization. */
@Module({
  controllers: [TelephonyController],
  providers: [TelephonyService],
})
export class TelephonyModule {}
