import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { AuthContext } from '@app/auth';
import {
  type OrganizationId,
  ConstituentEntity,
  ConstituentRepository,
  InteractionRepository,
  NeedEntity,
  OrganizationEntity,
  OrganizationRepository,
  SmsQuotaDecision,
  SmsUsageRepository,
  TenantContext,
  type TenantTransaction,
} from '@app/database';
import { quietHoursAt, secondsUntil, SmsPeriods, smsPeriods } from '@app/domain';
import { DomainError } from '@app/http';
import { SmsOutbox } from '@app/jobs';
import { SmsProvider } from '@app/messaging';
import { ConstituentConsents } from '../constituents';
import { NeedMessageRequests } from './need-message-requests';
import type { SendSmsDto, SmsAcceptedDto } from './messaging.dto';

/** When a message accepted now goes out: null at once, else the end of quiet hours. */
function scheduledFor(
  organization: OrganizationEntity,
  emergency: boolean,
  now: Date,
): Date | null {
  const { quietHoursEnabled, quietHoursStart, quietHoursEnd, timezone } = organization;
  if (!quietHoursEnabled || !quietHoursStart || !quietHoursEnd) return null;
  if (emergency && organization.bypassQuietHoursForEmergency) return null;
  const quiet = quietHoursAt(now, {
    start: quietHoursStart,
    end: quietHoursEnd,
    timeZone: timezone,
  });
  return quiet.inside ? quiet.endsAt : null;
}

function capReached(decision: SmsQuotaDecision, periods: SmsPeriods, now: Date): DomainError {
  return decision === 'daily-cap-reached'
    ? new DomainError('sms-daily-cap-reached', "The organization's daily SMS cap is reached", {
        retryAfter: secondsUntil(now, periods.dayResetsAt),
      })
    : new DomainError(
        'sms-monthly-budget-reached',
        "The organization's monthly SMS budget is reached",
        { retryAfter: secondsUntil(now, periods.monthResetsAt) },
      );
}

/**
 * Why the organization may not send SMS, or null when it may: a DISABLED organization sends
 * nothing; through Telnyx, carriers block 10DLC traffic from a number not assigned to a verified
 * campaign.
 */
function notReadyReason(organization: OrganizationEntity, telnyx: boolean): string | null {
  if (organization.orgStatus === 'DISABLED') return 'The organization is disabled: it sends no SMS';
  if (!telnyx) return null;
  const missing = [
    organization.phoneStatus !== 'assigned' &&
      `an assigned phone number (phoneStatus is ${organization.phoneStatus})`,
    organization.tcrStatus !== 'VERIFIED' &&
      `a verified 10DLC registration (tcrStatus is ${organization.tcrStatus ?? 'unset'})`,
  ].filter(Boolean);
  if (missing.length === 0) return null;
  return `SMS is not ready: the organization needs ${missing.join(' and ')}; an admin starts telephony provisioning with POST /api/organizations/settings/provisioning`;
}

/**
 * Accepts an SMS to a need's constituent: checks the recipient, counts it against the caps, and
 * writes the interaction and its send job in one transaction (a refused send writes nothing). The
 * provider is called later, by the dispatch job.
 */
@Injectable()
export class SmsSendService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly requests: NeedMessageRequests,
    private readonly constituents: ConstituentRepository,
    private readonly organizations: OrganizationRepository,
    private readonly usage: SmsUsageRepository,
    private readonly interactions: InteractionRepository,
    private readonly outbox: SmsOutbox,
    private readonly provider: SmsProvider,
    private readonly consents: ConstituentConsents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  send(auth: AuthContext, needId: string, input: SendSmsDto): Promise<SmsAcceptedDto> {
    return this.tenant.transaction(async (tx) => {
      const need = await this.requests.messageableNeed(auth, needId);
      return this.accept(tx, auth, need, input);
    });
  }

  private async accept(
    tx: TenantTransaction,
    auth: AuthContext,
    need: NeedEntity,
    input: SendSmsDto,
  ): Promise<SmsAcceptedDto> {
    const constituent = await this.recipient(auth, need);
    const organization = await this.sender(auth.organizationId);
    const now = new Date();
    const startAfter = scheduledFor(organization, input.emergency ?? false, now);
    const status = startAfter ? 'SCHEDULED' : 'QUEUED';
    const interaction = await this.interactions.insert(auth.organizationId, {
      needId: need.id,
      constituentId: constituent.id,
      channel: 'SMS',
      direction: 'OUTBOUND',
      subject: null,
      body: input.body,
      status,
      createdBy: auth.memberId,
      scheduledFor: startAfter,
    });
    await this.outbox.enqueue(
      tx,
      { organizationId: auth.organizationId, interactionId: interaction.id },
      { startAfter, maxConcurrency: organization.maxConcurrency },
    );
    // Counted last: the counter rows stay locked until the commit, so they are held briefly.
    await this.count(auth.organizationId, tx, organization, now);
    return {
      interactionId: interaction.id,
      status,
      scheduledFor: startAfter?.toISOString() ?? null,
    };
  }

  /** The need's constituent, if the caller may text it (its number, no STOP, its consents). */
  private async recipient(auth: AuthContext, need: NeedEntity): Promise<ConstituentEntity> {
    const constituent =
      need.constituentId &&
      (await this.constituents.findLive(auth.organizationId, need.constituentId));
    if (!constituent || !constituent.phone) {
      throw new DomainError(
        'no-recipient-contact',
        'The need has no constituent with a phone number',
      );
    }
    if (constituent.smsOptedOut) {
      throw new DomainError('recipient-opted-out', 'The constituent has opted out of SMS');
    }
    await this.consents.assertMayMessage(auth, constituent.id, 'SMS');
    return constituent;
  }

  /** The organization, if the SMS provider can send from it. */
  private async sender(organizationId: OrganizationId): Promise<OrganizationEntity> {
    const organization = (await this.organizations.findById(organizationId)) as OrganizationEntity;
    const missing = notReadyReason(organization, this.config.smsProvider === 'telnyx');
    if (missing) throw new DomainError('sms-not-ready', missing);
    if (!this.provider.senderFor(organization)) {
      throw new DomainError(
        'sms-not-configured',
        'The organization has no phone number to send SMS from',
      );
    }
    return organization;
  }

  /** Counts the message against the day's cap and the month's budget (429 when either is reached). */
  private async count(
    organizationId: OrganizationId,
    tx: TenantTransaction,
    organization: OrganizationEntity,
    now: Date,
  ): Promise<void> {
    const periods = smsPeriods(now, organization.timezone);
    const decision = await this.usage.consume(organizationId, tx, {
      dayKey: periods.dayKey,
      monthKey: periods.monthKey,
      dailyCap: organization.dailySmsCap,
      monthlyBudget: organization.monthlySmsBudget,
    });
    if (decision !== 'accepted') throw capReached(decision, periods, now);
  }
}
