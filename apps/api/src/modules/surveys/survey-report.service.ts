import { Injectable } from '@nestjs/common';
import { AuthContext, partnerScope } from '@app/auth';
import {
  OrganizationEntity,
  OrganizationRepository,
  SurveyResponseRepository,
} from '@app/database';
import { DomainError } from '@app/http';
import { SurveyReportDto, SurveyReportQueryDto, toSurveyReport } from './survey-report.dto';

/** The organization's survey totals, or a partner_admin's own partner's. */
@Injectable()
export class SurveyReportService {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly surveys: SurveyResponseRepository,
  ) {}

  async totals(auth: AuthContext, query: SurveyReportQueryDto): Promise<SurveyReportDto> {
    if (query.from && query.to && query.to < query.from) {
      throw DomainError.invalid('to', 'to must not be before from');
    }
    const partnerId = this.partnerOf(auth, query.partnerId);
    const organization = (await this.organizations.findById(
      auth.organizationId,
    )) as OrganizationEntity;
    const totals = await this.surveys.totals(auth.organizationId, {
      from: query.from,
      to: query.to,
      timeZone: organization.timezone,
      partnerId,
    });
    return toSurveyReport(totals);
  }

  /** A partner-scoped caller reads its own partner only (another one: 403). */
  private partnerOf(auth: AuthContext, requested: string | undefined): string | undefined {
    const own = partnerScope(auth);
    if (own === null) return requested;
    if (requested !== undefined && requested !== own) {
      throw DomainError.forbidden(
        'A partner admin reads the survey totals of its own partner only',
      );
    }
    return own;
  }
}
