import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import {
  type ClaimedDelivery,
  organizationId,
  TenantContext,
  WebhookDeliveryRepository,
} from '@app/database';
import { InFlightShares, organizationShare } from '../fair-share';
import { WebhookDeliverer } from './webhook-deliverer';

/** Deliveries one worker process sends at the same time, across organizations. */
const MAX_IN_FLIGHT = 32;
/** Of those, the most one organization holds (8). */
const PER_ORGANIZATION = organizationShare(MAX_IN_FLIGHT);
/**
 * The most one subscription holds (4): half its organization's share, so one hanging receiver
 * leaves the organization's other subscriptions places too.
 */
const PER_SUBSCRIPTION = PER_ORGANIZATION / 2;
/** How long an idle worker waits before looking for due deliveries again. */
const POLL_INTERVAL_MS = 1_000;

/**
 * Sends due event deliveries. The deliveries table is the queue: the outbox writes a delivery with
 * its event, the worker claims due ones (a lease, `FOR UPDATE SKIP LOCKED`, so workers never take
 * the same one and a dead worker's claim comes back within a minute), and each attempt sets the
 * next one from the retry schedule. Nothing lives only in memory, so a restart loses nothing.
 *
 * The places are shared fairly: a claim takes due deliveries in turns across organizations and
 * their subscriptions, and no organization or subscription holds more than its share of this
 * worker's places, so one organization's hanging receivers never delay another's deliveries.
 */
@Injectable()
export class EventDeliveryProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventDeliveryProcessor.name);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly organizations = new InFlightShares();
  private readonly subscriptions = new InFlightShares();
  private stopping = false;
  private loop?: Promise<void>;
  private wake?: () => void;

  constructor(
    private readonly tenant: TenantContext,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly deliverer: WebhookDeliverer,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await Promise.all(this.inFlight);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const claimed = await this.claim(MAX_IN_FLIGHT - this.inFlight.size);
      for (const delivery of claimed) this.start(delivery);
      if (claimed.length === 0 || this.inFlight.size >= MAX_IN_FLIGHT) await this.idle();
    }
  }

  private async claim(capacity: number): Promise<ClaimedDelivery[]> {
    if (capacity <= 0) return [];
    try {
      return await this.deliveries.claimDue({
        total: capacity,
        perOrganization: PER_ORGANIZATION,
        perSubscription: PER_SUBSCRIPTION,
        organizationsLeft: this.organizations.left(),
        subscriptionsLeft: this.subscriptions.left(),
      });
    } catch (error) {
      this.logger.error({ err: error }, 'Claiming event deliveries failed');
      return [];
    }
  }

  private start(delivery: ClaimedDelivery): void {
    this.organizations.take(delivery.organizationId, PER_ORGANIZATION);
    this.subscriptions.take(delivery.subscriptionId, PER_SUBSCRIPTION);
    const run = this.tenant
      .run(organizationId(delivery.organizationId), () => this.deliverer.deliver(delivery.id))
      .catch((error: unknown) => this.logger.error({ err: error }, 'An event delivery failed'))
      .finally(() => {
        this.organizations.release(delivery.organizationId);
        this.subscriptions.release(delivery.subscriptionId);
        this.inFlight.delete(run);
        this.wake?.();
      });
    this.inFlight.add(run);
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), POLL_INTERVAL_MS);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}
