import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  NeedRepository,
  OrganizationRepository,
  SurveyResponseRepository,
} from '@app/database';
import { ConstituentsModule } from '../constituents';
import { NeedSurveyController } from './need-survey.controller';
import { NeedSurveyService } from './need-survey.service';
import { PublicSurveyController } from './public-survey.controller';
import { PublicSurveyService } from './public-survey.service';
import { SurveyReportController } from './survey-report.controller';
import { SurveyReportService } from './survey-report.service';

/** The demographic survey behind a need's surveyLink: answering it, one need's answers, totals. */
@Module({
  imports: [
    ConstituentsModule,
    DatabaseModule.forFeature([SurveyResponseRepository, NeedRepository, OrganizationRepository]),
  ],
  controllers: [PublicSurveyController, NeedSurveyController, SurveyReportController],
  providers: [PublicSurveyService, NeedSurveyService, SurveyReportService],
})
export class SurveysModule {}
