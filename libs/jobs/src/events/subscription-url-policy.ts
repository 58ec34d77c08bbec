import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AddressGuard, EmailDeliveryError } from '@app/messaging';

/**
 * Where event deliveries may go: `https` URLs (also `http` with WEBHOOK_ALLOW_PRIVATE_HOSTS) whose
 * host resolves to public addresses only. WEBHOOK_ALLOW_PRIVATE_HOSTS lifts the private-range
 * refusal, never the cloud metadata one. Checked when a subscription is saved, and on the resolved
 * address at every delivery (`guard`), so a refused address is never connected to.
 */
@Injectable()
export class SubscriptionUrlPolicy {
  readonly guard: AddressGuard;
  private readonly schemes: string[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.guard = new AddressGuard(config.webhookAllowPrivateHosts);
    this.schemes = config.webhookAllowPrivateHosts ? ['https:', 'http:'] : ['https:'];
  }

  /** Why the URL is refused, or null; the scheme is checked before any DNS lookup. */
  async refusal(value: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return 'url must be an absolute URL';
    }
    if (!this.schemes.includes(url.protocol)) {
      return `url must use ${this.schemes.map((scheme) => scheme.slice(0, -1)).join(' or ')}`;
    }
    if (url.username || url.password) return 'url must not carry credentials';
    try {
      await this.guard.resolve(url.hostname);
      return null;
    } catch (error) {
      if (error instanceof EmailDeliveryError) return error.reason;
      throw error;
    }
  }
}
