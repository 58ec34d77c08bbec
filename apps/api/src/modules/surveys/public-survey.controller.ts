import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import { PublicSurveyService } from './public-survey.service';
import { PublicSurveyDto, SubmitSurveyDto, SurveySubmittedDto } from './survey.dto';

const GONE =
  'An unknown token, one more than 30 days after the request, one of a disabled organization and ' +
  'one whose constituent does not consent to SURVEY (withdrawn, or a grant expired) are all 404.';

@ApiTags('surveys')
@Controller('api/surveys')
export class PublicSurveyController {
  constructor(private readonly surveys: PublicSurveyService) {}

  @Get(':surveyToken')
  @Public()
  @ApiOperation({
    operationId: 'getSurvey',
    summary: 'Read the demographic survey behind a surveyLink (no credential)',
    description: `The fixed questions, and whether the survey was answered. ${GONE}`,
  })
  @ApiOkResponse({ type: PublicSurveyDto })
  @ApiProblems(400, 404)
  get(@UuidParam('surveyToken') surveyToken: string): Promise<PublicSurveyDto> {
    return this.surveys.get(surveyToken);
  }

  @Post(':surveyToken')
  @Public()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'submitSurvey',
    summary: 'Answer the demographic survey once (no credential)',
    description:
      'Every question is optional. The answers are anonymous demographics, stored apart from the ' +
      `person's contact details. A second submission is 409 survey-already-submitted. ${GONE}`,
  })
  @ApiCreatedResponse({ type: SurveySubmittedDto })
  @ApiProblems(400, 404, 409)
  async submit(
    @UuidParam('surveyToken') surveyToken: string,
    @Body() body: SubmitSurveyDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SurveySubmittedDto> {
    const submitted = await this.surveys.submit(surveyToken, body);
    // The survey itself: its GET now shows `submittedAt`.
    response.location(`/api/surveys/${surveyToken}`);
    return submitted;
  }
}
