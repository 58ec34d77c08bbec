import { Injectable } from '@nestjs/common';
import { AuthContext, needVisibility } from '@app/auth';
import { NeedRepository, SurveyResponseRepository } from '@app/database';
import { DomainError } from '@app/http';
import { NeedSurveyDto, toNeedSurvey } from './survey.dto';

/** One need's survey answers, for whoever may read the need. */
@Injectable()
export class NeedSurveyService {
  constructor(
    private readonly needs: NeedRepository,
    private readonly surveys: SurveyResponseRepository,
  ) {}

  async get(auth: AuthContext, needId: string): Promise<NeedSurveyDto> {
    const need = await this.needs.findVisible(auth.organizationId, needId, needVisibility(auth));
    if (!need) throw DomainError.notFound('Need');
    const response = await this.surveys.findForNeed(auth.organizationId, needId);
    if (!response) throw DomainError.notFound('Survey response');
    return toNeedSurvey(needId, response);
  }
}
