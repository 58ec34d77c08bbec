import { Inject, Injectable, Logger } from '@nestjs/common';
import { newOpaqueToken } from '@app/auth';
import { APP_CONFIG, type AppConfig } from '@app/config';
import {
  type OrganizationId,
  assertNoOpenTransaction,
  MemberEntity,
  MemberInvitationRepository,
  OrganizationRepository,
} from '@app/database';
import { DomainError } from '@app/http';
import { OrganizationMailer } from '@app/messaging';
import type { InvitationStatus } from './member.dto';

const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** One-time invitation links (accepted by POST /api/auth/accept-invite) and their email. */
@Injectable()
export class MemberInvitations {
  private readonly logger = new Logger(MemberInvitations.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly invitations: MemberInvitationRepository,
    private readonly organizations: OrganizationRepository,
    private readonly mailer: OrganizationMailer,
  ) {}

  /** The accept-invite page under appUrl (default PUBLIC_APP_URL); 400 unless allowed. */
  acceptPage(appUrl = this.config.publicAppUrl): URL {
    const page = new URL(appUrl);
    if (!this.config.appUrlAllowlist.includes(page.origin)) {
      throw DomainError.invalid('appUrl', 'appUrl must have an origin listed in APP_URL_ALLOWLIST');
    }
    page.pathname = `${page.pathname.replace(/\/+$/, '')}/accept-invite`;
    page.search = '';
    page.hash = '';
    return page;
  }

  /**
   * Stores a new invitation of the member, usable once within 7 days, and returns its link: in the
   * transaction that adds the member.
   */
  async issue(
    organizationId: OrganizationId,
    member: MemberEntity,
    acceptPage: URL,
  ): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await this.invitations.insert(organizationId, {
      memberId: member.id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    const link = new URL(acceptPage);
    link.searchParams.set('token', token);
    return link.toString();
  }

  /**
   * Emails the link, once the invitation is committed: the provider is an outside call, so calling
   * this inside a transaction is a bug, and throws. A failed delivery is reported as FAILED, never
   * thrown.
   */
  async deliver(
    organizationId: OrganizationId,
    member: MemberEntity,
    link: string,
  ): Promise<InvitationStatus> {
    assertNoOpenTransaction('Invitation email');
    const organization = await this.organizations.findById(organizationId);
    const name = organization?.name ?? 'your organization';
    try {
      const result = await this.mailer.send(organizationId, {
        to: member.email,
        subject: `You are invited to ${name}`,
        text:
          `Hello ${member.fullName},\n\nYou have been invited to join ${name}. Set your password ` +
          `with this link; it works once and expires in 7 days:\n\n${link}\n`,
      });
      return result.status;
    } catch (error) {
      this.logger.warn({
        msg: 'Invitation email not delivered',
        organizationId: member.organizationId,
        memberId: member.id,
        reason: (error as Error).message,
      });
      return 'FAILED';
    }
  }
}
