import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  TenantContext,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository,
  type OrganizationId,
} from '@app/database';
import { decodeKeysetCursor, DEFAULT_PAGE_SIZE, DomainError, encodeKeysetCursor } from '@app/http';
import { SubscriptionUrlPolicy } from '@app/jobs';
import { SecretCipher } from '@app/messaging';
import {
  CreateEventSubscriptionDto,
  CreatedEventSubscriptionResponseDto,
  EventDeliveryResponseDto,
  EventSubscriptionResponseDto,
  ListDeliveriesQueryDto,
  toEventDeliveryResponse,
  toEventSubscriptionResponse,
  UpdateEventSubscriptionDto,
} from './event-subscription.dto';

export interface DeliveryListPage {
  deliveries: EventDeliveryResponseDto[];
  /** The `cursor` of the next page; null on the last one. */
  nextCursor: string | null;
}

/** The most event subscriptions one organization may have. */
export const MAX_SUBSCRIPTIONS_PER_ORGANIZATION = 25;

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** An organization's event subscriptions; the signing secret is stored only encrypted. */
@Injectable()
export class EventSubscriptionsService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly cipher: SecretCipher,
    private readonly urls: SubscriptionUrlPolicy,
  ) {}

  async create(
    organizationId: OrganizationId,
    input: CreateEventSubscriptionDto,
  ): Promise<CreatedEventSubscriptionResponseDto> {
    await this.assertUrlAllowed(input.url);
    const secret = newSecret();
    const { ciphertext, keyId } = this.cipher.encrypt(secret, organizationId);
    const subscription = await this.tenant.transaction((tx) =>
      this.subscriptions.insertWithinLimit(
        organizationId,
        tx,
        {
          url: input.url,
          events: input.events,
          description: input.description ?? null,
          secretCiphertext: ciphertext,
          secretKeyId: keyId,
        },
        MAX_SUBSCRIPTIONS_PER_ORGANIZATION,
      ),
    );
    if (!subscription) {
      throw new DomainError(
        'subscription-limit',
        `An organization has at most ${MAX_SUBSCRIPTIONS_PER_ORGANIZATION} event subscriptions: ` +
          'delete one to add another',
      );
    }
    return { ...toEventSubscriptionResponse(subscription), secret };
  }

  async list(organizationId: OrganizationId): Promise<EventSubscriptionResponseDto[]> {
    return (await this.subscriptions.list(organizationId)).map(toEventSubscriptionResponse);
  }

  async get(organizationId: OrganizationId, id: string): Promise<EventSubscriptionResponseDto> {
    const subscription = await this.subscriptions.find(organizationId, id);
    if (!subscription) throw DomainError.notFound('Event subscription');
    return toEventSubscriptionResponse(subscription);
  }

  async update(
    organizationId: OrganizationId,
    id: string,
    input: UpdateEventSubscriptionDto,
  ): Promise<EventSubscriptionResponseDto> {
    if (input.url !== undefined) await this.assertUrlAllowed(input.url);
    const subscription = await this.subscriptions.update(organizationId, id, input);
    if (!subscription) throw DomainError.notFound('Event subscription');
    return toEventSubscriptionResponse(subscription);
  }

  async remove(organizationId: OrganizationId, id: string): Promise<void> {
    if (!(await this.subscriptions.delete(organizationId, id))) {
      throw DomainError.notFound('Event subscription');
    }
  }

  async listDeliveries(
    organizationId: OrganizationId,
    id: string,
    query: ListDeliveriesQueryDto,
  ): Promise<DeliveryListPage> {
    const after = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor);
    if (!(await this.subscriptions.find(organizationId, id))) {
      throw DomainError.notFound('Event subscription');
    }
    const page = await this.deliveries.list(
      organizationId,
      id,
      query.limit ?? DEFAULT_PAGE_SIZE,
      after,
    );
    return {
      deliveries: page.deliveries.map(toEventDeliveryResponse),
      nextCursor: page.next && encodeKeysetCursor(page.next),
    };
  }

  private async assertUrlAllowed(url: string): Promise<void> {
    const refusal = await this.urls.refusal(url);
    if (refusal) throw DomainError.invalid('url', refusal);
  }
}
