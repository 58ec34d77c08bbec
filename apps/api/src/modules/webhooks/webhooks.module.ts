import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  InteractionRepository,
  ProvisioningRepository,
  SmsRoutingRepository,
  TelephonyDetailRecordRepository,
} from '@app/database';
import { JobsModule, ProvisioningQueue } from '@app/jobs';
import { DeliveryReportService } from './delivery-report.service';
import { InboundSmsService } from './inbound-sms.service';
import { NumberOwner } from './number-owner';
import { ProvisioningEventsService } from './provisioning-events.service';
import { TelnyxWebhookController } from './telnyx-webhook.controller';
import { TelnyxSignatureVerifier } from './telnyx-signature';

/** Inbound SMS, delivery reports and provisioning events from the SMS provider. */
@Module({
  imports: [
    DatabaseModule.forFeature([
      SmsRoutingRepository,
      InteractionRepository,
      TelephonyDetailRecordRepository,
      ProvisioningRepository,
    ]),
    JobsModule,
  ],
  controllers: [TelnyxWebhookController],
  providers: [
    TelnyxSignatureVerifier,
    NumberOwner,
    InboundSmsService,
    DeliveryReportService,
    ProvisioningQueue,
    ProvisioningEventsService,
  ],
})
export class WebhooksModule {}
