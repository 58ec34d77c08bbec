import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  InteractionRepository,
  SmsRoutingRepository,
  TelephonyDetailRecordRepository,
} from '@app/database';
import { JobsModule } from '@app/jobs';
import { DeliveryReportService } from './delivery-report.service';
import { InboundSmsService } from './inbound-sms.service';
import { NumberOwner } from './number-owner';
import { TelnyxWebhookController } from './telnyx-webhook.controller';
import { TelnyxSignatureVerifier } from './telnyx-signature';

/** Inbound SMS and delivery reports from the SMS provider. */
@Module({
  imports: [
    DatabaseModule.forFeature([
      SmsRoutingRepository,
      InteractionRepository,
      TelephonyDetailRecordRepository,
    ]),
    JobsModule,
  ],
  controllers: [TelnyxWebhookController],
  providers: [TelnyxSignatureVerifier, NumberOwner, InboundSmsService, DeliveryReportService],
})
export class WebhooksModule {}
