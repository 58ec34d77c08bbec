import { Injectable } from '@nestjs/common';
import {
  type OrganizationId,
  SurveyAnswers,
  SurveyOfToken,
  SurveyResponseRepository,
  TenantContext,
} from '@app/database';
import { DomainError } from '@app/http';
import { ConstituentConsents } from '../constituents';
import {
  PublicSurveyDto,
  SubmitSurveyDto,
  SurveySubmittedDto,
  toSurveyQuestions,
} from './survey.dto';

const SURVEY_DAYS = 30;
const DAY_MS = 86_400_000;

function expiresAt(survey: SurveyOfToken): Date {
  return new Date(survey.needCreatedAt.getTime() + SURVEY_DAYS * DAY_MS);
}

/**
 * The survey behind a need's public `surveyLink`. The token is the only credential: its
 * organization is found first (system role), then the survey is read and answered in it. An unknown
 * token, one past its 30 days, one of a disabled organization and one whose constituent has
 * withdrawn SURVEY consent (or whose grant has expired) are the same 404.
 */
@Injectable()
export class PublicSurveyService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly surveys: SurveyResponseRepository,
    private readonly consents: ConstituentConsents,
  ) {}

  get(surveyToken: string): Promise<PublicSurveyDto> {
    return this.open(surveyToken, async (_organizationId, survey) => ({
      organizationName: survey.organizationName,
      referenceNumber: survey.referenceNumber,
      expiresAt: expiresAt(survey).toISOString(),
      submittedAt: survey.submittedAt?.toISOString() ?? null,
      questions: toSurveyQuestions(),
    }));
  }

  submit(surveyToken: string, input: SubmitSurveyDto): Promise<SurveySubmittedDto> {
    return this.open(surveyToken, async (organizationId, survey) => {
      const answers = Object.fromEntries(
        Object.entries(input.answers).filter(([, value]) => value !== null && value !== undefined),
      ) as SurveyAnswers;
      const saved = survey.submittedAt
        ? null
        : await this.surveys.insert(organizationId, survey.needId, answers);
      if (!saved) {
        throw new DomainError('survey-already-submitted', 'This survey has already been answered');
      }
      return { submittedAt: saved.submittedAt.toISOString() };
    });
  }

  private async open<T>(
    surveyToken: string,
    work: (organizationId: OrganizationId, survey: SurveyOfToken) => Promise<T>,
  ): Promise<T> {
    const organizationId = await this.surveys.organizationOfToken(surveyToken);
    if (!organizationId) throw DomainError.notFound('Survey');
    return this.tenant.run(organizationId, async () => {
      const survey = await this.surveys.findByToken(organizationId, surveyToken);
      if (!survey?.organizationEnabled || expiresAt(survey).getTime() <= Date.now()) {
        throw DomainError.notFound('Survey');
      }
      if (
        survey.constituentId &&
        !(await this.consents.allowsSurvey(organizationId, survey.constituentId))
      ) {
        throw DomainError.notFound('Survey');
      }
      return work(organizationId, survey);
    });
  }
}
