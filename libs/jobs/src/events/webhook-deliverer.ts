import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import {
  assertNoOpenTransaction,
  DeliveryToSend,
  TenantContext,
  WebhookDeliveryRepository,
} from '@app/database';
import { guardedPost, HttpAnswer, SecretCipher } from '@app/messaging';
import { nextAttemptAt } from './delivery-schedule';
import { SubscriptionUrlPolicy } from './subscription-url-policy';

const TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 500;

/** The body every receiver gets: `{ type, timestamp, data }`, `data` naming the organization. */
function payloadOf(delivery: DeliveryToSend): string {
  return JSON.stringify({
    type: delivery.eventType,
    timestamp: delivery.eventCreatedAt.toISOString(),
    data: delivery.eventData,
  });
}

function failureOf(answer: HttpAnswer): string {
  if (answer.status >= 300 && answer.status < 400) {
    return `answered ${answer.status} (redirects are not followed)`;
  }
  return `answered ${answer.status}`;
}

/**
 * Sends one delivery, signed as Standard Webhooks describe: `webhook-id` is the event id (the same
 * on every retry), `webhook-signature` the HMAC-SHA256 of `id.timestamp.body` with the
 * subscription's secret. Connects only to an address the guard approves; a 2xx within 10 s is
 * success, anything else is retried on the delivery schedule.
 */
@Injectable()
export class WebhookDeliverer {
  constructor(
    private readonly tenant: TenantContext,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly cipher: SecretCipher,
    private readonly urls: SubscriptionUrlPolicy,
  ) {}

  /** One attempt of a claimed delivery, in its organization (entered by the caller). */
  async deliver(deliveryId: string): Promise<void> {
    const organizationId = this.tenant.organizationId;
    const delivery = await this.deliveries.findToSend(organizationId, deliveryId);
    if (!delivery) return;
    if (!delivery.isActive) {
      await this.deliveries.abandon(organizationId, delivery.id, 'subscription is inactive');
      return;
    }
    const { responseStatus, error } = await this.attempt(delivery);
    await this.tenant.transaction(() =>
      this.deliveries.recordAttempt(organizationId, delivery, {
        responseStatus,
        error,
        retryAt:
          error === null
            ? null
            : nextAttemptAt(delivery.createdAt, delivery.attempts + 1, new Date()),
      }),
    );
  }

  private async attempt(
    delivery: DeliveryToSend,
  ): Promise<{ responseStatus: number | null; error: string | null }> {
    assertNoOpenTransaction('Delivering an event');
    try {
      const body = payloadOf(delivery);
      const answer = await guardedPost(
        this.urls.guard,
        delivery.url,
        this.signedHeaders(delivery, body),
        body,
        TIMEOUT_MS,
      );
      const accepted = answer.status >= 200 && answer.status < 300;
      return { responseStatus: answer.status, error: accepted ? null : failureOf(answer) };
    } catch (error) {
      return { responseStatus: null, error: (error as Error).message.slice(0, MAX_ERROR_LENGTH) };
    }
  }

  private signedHeaders(delivery: DeliveryToSend, body: string): Record<string, string> {
    const secret = this.cipher.decrypt(
      { ciphertext: delivery.secretCiphertext, keyId: delivery.secretKeyId },
      delivery.organizationId,
    );
    const sentAt = new Date();
    return {
      'content-type': 'application/json',
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(delivery.eventId, sentAt, body),
    };
  }
}
