import { Controller, Get, Query } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems } from '@app/http';
import { SMALL_CELL, SurveyReportDto, SurveyReportQueryDto } from './survey-report.dto';
import { SurveyReportService } from './survey-report.service';

@ApiTags('surveys')
@Controller('api/reports')
export class SurveyReportController {
  constructor(private readonly reports: SurveyReportService) {}

  @Get('surveys')
  @Authenticated({ permission: Permission.SurveyReport })
  @ApiOperation({
    operationId: 'getSurveyReport',
    summary: 'Survey totals of the organization',
    description:
      "Responses submitted from `from` to `to` (days in the organization's timezone, both " +
      'included), and per question how many chose each value; household_size is counted per ' +
      `number. A count under ${SMALL_CELL} is null, so small groups cannot be singled out. A ` +
      "partner_admin reads its own partner's totals (another partner: 403).",
  })
  @ApiOkResponse({ type: SurveyReportDto })
  @ApiProblems(400)
  totals(
    @CurrentAuth() auth: AuthContext,
    @Query() query: SurveyReportQueryDto,
  ): Promise<SurveyReportDto> {
    return this.reports.totals(auth, query);
  }
}
