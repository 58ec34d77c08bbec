import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, ValidateBy } from 'class-validator';
import type { SurveyTotals } from '@app/database';
import { isCalendarDate } from '@app/domain';
import { SURVEY_QUESTION_IDS } from './survey-questions';

/** Counts under this are reported as null: so few people could be recognized. */
export const SMALL_CELL = 5;

const IsCalendarDate = (): PropertyDecorator =>
  ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (value) => typeof value === 'string' && isCalendarDate(value),
      defaultMessage: () => '$property must be a real date written YYYY-MM-DD',
    },
  });

const DAY = "a day of submission in the organization's timezone, included";

export class SurveyReportQueryDto {
  @ApiPropertyOptional({ format: 'date', description: `First ${DAY}` })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: `Last ${DAY}` })
  @IsOptional()
  @IsCalendarDate()
  to?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: "Only needs now at this partner; a partner_admin's own partner always",
  })
  @IsOptional()
  @IsUUID()
  partnerId?: string;
}

const CELLS = {
  type: 'object',
  additionalProperties: {
    type: 'integer',
    format: 'int32',
    minimum: SMALL_CELL,
    maximum: 2_147_483_647,
    nullable: true,
  },
  description: `Answer value to how many chose it (null under ${SMALL_CELL}); values nobody chose are absent`,
} as const;

export class SurveyReportQuestionsDto {
  @ApiProperty({ ...CELLS, example: { '1': null, '2': 7, '3': 12 } })
  household_size: Record<string, number | null>;
  @ApiProperty(CELLS) age_range: Record<string, number | null>;
  @ApiProperty(CELLS) preferred_language: Record<string, number | null>;
  @ApiProperty(CELLS) zip: Record<string, number | null>;
  @ApiProperty(CELLS) household_income: Record<string, number | null>;
  @ApiProperty(CELLS) veteran: Record<string, number | null>;
  @ApiProperty(CELLS) referral_source: Record<string, number | null>;
}

export class SurveyReportDto {
  @ApiProperty({ description: 'Responses submitted in the range' }) responses: number;
  @ApiProperty({ type: SurveyReportQuestionsDto }) questions: SurveyReportQuestionsDto;
}

/** The totals with every count under SMALL_CELL replaced by null. */
export function toSurveyReport(totals: SurveyTotals): SurveyReportDto {
  const questions: Record<string, Record<string, number | null>> = Object.fromEntries(
    SURVEY_QUESTION_IDS.map((id) => [id, {}]),
  );
  for (const { question, value, count } of totals.counts) {
    if (questions[question]) questions[question][value] = count < SMALL_CELL ? null : count;
  }
  return {
    responses: totals.responses,
    questions: questions as unknown as SurveyReportQuestionsDto,
  };
}
