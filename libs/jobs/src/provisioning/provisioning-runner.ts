import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import {
  OrganizationEntity,
  OrganizationId,
  OrganizationRepository,
  PROVISIONING_STEPS,
  ProvisioningRecord,
  ProvisioningRepository,
  ProvisioningStepEntity,
  ProvisioningStepName,
  TenantContext,
} from '@app/database';
import { TelnyxClient, TelnyxError } from '@app/messaging';
import { ProvisioningFailure } from './provisioning-failure';
import { ProvisioningQueue } from './provisioning-queue';
import { PROVISIONING_STEP_RUNNERS, STEP_WORDING } from './steps';
import type { StepContext } from './steps/step-context';

/** How long one worker holds a run: longer than a step's few Telnyx calls (15 s each at most). */
const LEASE_SECONDS = 120;
/** When another worker holds the run, look again this soon (a webhook's nudge is not lost). */
const BUSY_RETRY_SECONDS = 5;
/** Transient failures (5xx, 429, timeouts) are retried this often before the step fails. */
export const MAX_TRANSIENT_ATTEMPTS = 10;
const MAX_BACKOFF_SECONDS = 600;
const REGISTRATION_STEPS: ProvisioningStepName[] = ['brand', 'campaign', 'campaign_number'];

/** Seconds before retry `attempt` (1, 2, 4, ... up to 10 minutes) unless Telnyx said otherwise. */
export function retryDelaySeconds(attempt: number, retryAfter: number | null): number {
  if (retryAfter !== null) return Math.max(1, retryAfter);
  return Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.max(0, attempt - 1));
}

interface Failure {
  code: string;
  detail: string;
  sentence: string;
  retryAfter: number | null;
  retryable: boolean;
}

/** The sentence an admin reads about a Telnyx failure of step `name`. */
function telnyxSentence(error: TelnyxError, name: ProvisioningStepName, attempts: number): string {
  const { doing, request } = STEP_WORDING[name];
  if (error.retryable && attempts >= MAX_TRANSIENT_ATTEMPTS) {
    return `Telnyx kept failing while ${doing} (${error.detail}); start provisioning again later.`;
  }
  if (error.retryable) {
    return `Telnyx is not answering while ${doing} (${error.detail}); retrying automatically.`;
  }
  if (error.status === 401 || error.status === 403) {
    return `Telnyx refused the API key while ${doing} (${error.detail}); check TELNYX_API_KEY and start provisioning again.`;
  }
  return `Telnyx refused ${request} (${error.detail}); correct the organization's settings and start provisioning again.`;
}

function describe(error: unknown, name: ProvisioningStepName, attempts: number): Failure {
  if (error instanceof ProvisioningFailure) {
    const { code, sentence } = error;
    return { code, detail: sentence, sentence, retryAfter: null, retryable: false };
  }
  if (error instanceof TelnyxError) {
    return {
      code: error.code ?? (error.status === null ? 'telnyx-unreachable' : `http-${error.status}`),
      detail: error.message,
      sentence: telnyxSentence(error, name, attempts),
      retryAfter: error.retryAfterSeconds,
      retryable: error.retryable,
    };
  }
  return {
    code: 'internal-error',
    detail: 'An unexpected error occurred',
    sentence: `An unexpected error occurred while ${STEP_WORDING[name].doing}; retrying automatically.`,
    retryAfter: null,
    retryable: true,
  };
}

/**
 * Advances one organization's provisioning run as far as it can go now: each step in order, until
 * one waits on Telnyx (asked again after PROVISIONING_POLL_SECONDS, or at once on a webhook), fails
 * for a transient reason (retried with backoff, honouring Retry-After), or fails for good (FAILED
 * until an admin starts provisioning again). One worker at a time holds a run (a lease, committed,
 * so no transaction or connection is held while Telnyx is called); what a step creates is stored
 * before its next call, so a step re-run after a crash finds it instead of creating it again.
 */
@Injectable()
export class ProvisioningRunner {
  private readonly logger = new Logger(ProvisioningRunner.name);

  constructor(
    private readonly tenant: TenantContext,
    private readonly provisioning: ProvisioningRepository,
    private readonly organizations: OrganizationRepository,
    private readonly telnyx: TelnyxClient,
    private readonly queue: ProvisioningQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  advance(organizationId: OrganizationId): Promise<void> {
    return this.tenant.run(organizationId, async () => {
      if (!(await this.provisioning.claim(organizationId, LEASE_SECONDS))) {
        await this.queue.advance(organizationId, BUSY_RETRY_SECONDS);
        return;
      }
      let next: number | null = null;
      try {
        next = await this.runSteps(organizationId);
      } finally {
        await this.provisioning.release(
          organizationId,
          next === null ? null : new Date(Date.now() + next * 1000),
        );
      }
      if (next !== null) await this.queue.advance(organizationId, next);
    });
  }

  /** Runs steps until one waits or fails; answers the seconds until the next run, or null. */
  private async runSteps(organizationId: OrganizationId): Promise<number | null> {
    for (;;) {
      const record = await this.provisioning.find(organizationId);
      if (!record) return null;
      const step = record.steps.find((candidate) => candidate.status !== 'DONE');
      if (!step) {
        if (!record.run.completedAt) await this.provisioning.complete(organizationId);
        return null;
      }
      if (step.status === 'FAILED') return null;
      const outcome = await this.runStep(organizationId, record, step);
      if (outcome !== 'DONE') return outcome;
    }
  }

  private async runStep(
    organizationId: OrganizationId,
    record: ProvisioningRecord,
    step: ProvisioningStepEntity,
  ): Promise<'DONE' | number | null> {
    const attempts = step.status === 'WAITING' ? step.attempts : step.attempts + 1;
    await this.provisioning.updateStep(organizationId, step.name, { status: 'RUNNING', attempts });
    if (REGISTRATION_STEPS.includes(step.name)) {
      await this.provisioning.updateOrganization(organizationId, { tcrStatus: 'PENDING' });
    }
    try {
      const outcome = await PROVISIONING_STEP_RUNNERS[step.name](
        this.context(organizationId, record, step, await this.organization(organizationId)),
      );
      if (outcome === 'WAITING') {
        await this.provisioning.updateStep(organizationId, step.name, { status: 'WAITING' });
        return this.config.provisioningPollSeconds;
      }
      await this.tenant.transaction(async () => {
        await this.provisioning.updateStep(organizationId, step.name, {
          status: 'DONE',
          error: null,
        });
        await this.provisioning.clearStepError(organizationId, step.name);
      });
      return 'DONE';
    } catch (error) {
      return this.failed(organizationId, step.name, attempts, error);
    }
  }

  private async failed(
    organizationId: OrganizationId,
    name: ProvisioningStepName,
    attempts: number,
    error: unknown,
  ): Promise<number | null> {
    const failure = describe(error, name, attempts);
    const retry = failure.retryable && attempts < MAX_TRANSIENT_ATTEMPTS;
    if (failure.code === 'internal-error')
      this.logger.error({ err: error, step: name }, 'Provisioning step failed');
    await this.tenant.transaction(async () => {
      await this.provisioning.updateStep(organizationId, name, {
        status: retry ? 'RUNNING' : 'FAILED',
        error: failure.sentence,
      });
      await this.provisioning.recordStepError(organizationId, name, failure.sentence, {
        code: failure.code,
        detail: failure.detail,
        attempts,
        at: new Date().toISOString(),
      });
      if (!retry && REGISTRATION_STEPS.includes(name)) {
        await this.provisioning.updateOrganization(organizationId, { tcrStatus: 'FAILED' });
      }
    });
    return retry ? retryDelaySeconds(attempts, failure.retryAfter) : null;
  }

  private async organization(organizationId: OrganizationId): Promise<OrganizationEntity> {
    return (await this.organizations.findById(organizationId)) as OrganizationEntity;
  }

  private context(
    organizationId: OrganizationId,
    record: ProvisioningRecord,
    step: ProvisioningStepEntity,
    organization: OrganizationEntity,
  ): StepContext {
    const steps = Object.fromEntries(
      PROVISIONING_STEPS.map((name) => [
        name,
        record.steps.find((candidate) => candidate.name === name),
      ]),
    ) as StepContext['steps'];
    return {
      organization,
      run: record.run,
      step,
      steps,
      telnyx: this.telnyx,
      config: this.config,
      save: async ({ providerId, progress }) => {
        if (providerId !== undefined) step.providerId = providerId;
        if (progress) step.progress = { ...step.progress, ...progress };
        await this.provisioning.updateStep(organizationId, step.name, {
          providerId: step.providerId,
          progress: step.progress,
        });
      },
      setOrganization: (changes) => this.provisioning.updateOrganization(organizationId, changes),
      assignPhoneNumber: (phoneNumber) =>
        this.provisioning.assignPhoneNumber(organizationId, phoneNumber),
    };
  }
}
