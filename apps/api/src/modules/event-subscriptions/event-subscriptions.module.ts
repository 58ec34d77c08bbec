import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository,
} from '@app/database';
import { JobsModule } from '@app/jobs';
import { MessagingModule } from '@app/messaging';
import { EventSubscriptionsController } from './event-subscriptions.controller';
import { EventSubscriptionsService } from './event-subscriptions.service';

/** Outbound event subscriptions and their deliveries log (the worker sends the deliveries). */
@Module({
  imports: [
    DatabaseModule.forFeature([WebhookSubscriptionRepository, WebhookDeliveryRepository]),
    JobsModule,
    MessagingModule,
  ],
  controllers: [EventSubscriptionsController],
  providers: [EventSubscriptionsService],
})
export class EventSubscriptionsModule {}
