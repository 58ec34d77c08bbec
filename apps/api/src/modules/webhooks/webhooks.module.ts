import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  InteractionRepository,
  SmsRoutingRepository,
  TelephonyDetailRecordRepository,
} from '@app/database';
import { DeliveryReportService } from './delivery-report.service';
import { InboundSmsService } from './inbound-sms.service';
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
  ],
  controllers: [TelnyxWebhookController],
  providers: [TelnyxSignatureVerifier, InboundSmsService, DeliveryReportService],
})
export class WebhooksModule {}
