import { Controller, Get } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import { NeedSurveyService } from './need-survey.service';
import { NeedSurveyDto } from './survey.dto';

@ApiTags('surveys')
@Controller('api/needs')
export class NeedSurveyController {
  constructor(private readonly surveys: NeedSurveyService) {}

  @Get(':id/survey')
  @Authenticated({ permission: Permission.NeedRead })
  @ApiOperation({
    operationId: 'getNeedSurvey',
    summary: "Read a need's survey answers",
    description:
      'For whoever may read the need. 404 when the need is not visible or its survey was not ' +
      'answered. The answers are anonymous demographics, never shown beside contact details.',
  })
  @ApiOkResponse({ type: NeedSurveyDto })
  @ApiProblems(400, 404)
  get(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<NeedSurveyDto> {
    return this.surveys.get(auth, id);
  }
}
