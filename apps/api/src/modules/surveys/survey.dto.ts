import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import type { SurveyAnswers, SurveyResponse } from '@app/database';
import { SurveyAnswersDto } from './survey-answers.dto';
import { SURVEY_QUESTIONS, type SurveyQuestionType } from './survey-questions';

export class SurveyOptionDto {
  @ApiProperty({ example: '25_34' }) value: string;
  @ApiProperty({ example: '25–34' }) label: string;
}

export class SurveyQuestionDto {
  @ApiProperty({ example: 'age_range' }) id: string;
  @ApiProperty() text: string;
  @ApiProperty({ enum: ['single_choice', 'number', 'zip'] }) type: SurveyQuestionType;
  @ApiPropertyOptional({ type: [SurveyOptionDto], description: 'The choices of a single_choice' })
  options?: SurveyOptionDto[];
  @ApiPropertyOptional({ description: 'Smallest answer to a number question' }) min?: number;
  @ApiPropertyOptional({ description: 'Largest answer to a number question' }) max?: number;
}

export class PublicSurveyDto {
  @ApiProperty() organizationName: string;
  @ApiProperty({ example: 'ABCD-7K3M9Q' }) referenceNumber: string;
  @ApiProperty({ format: 'date-time', description: '30 days after the request was made' })
  expiresAt: string;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'When it was answered; null while it may still be',
  })
  submittedAt: string | null;
  @ApiProperty({ type: [SurveyQuestionDto] }) questions: SurveyQuestionDto[];
}

export class SubmitSurveyDto {
  @ApiProperty({
    type: SurveyAnswersDto,
    description:
      'Every question is optional; a value its question does not take is a 400 naming it',
  })
  @IsObject()
  @ValidateNested()
  @Type(() => SurveyAnswersDto)
  answers: SurveyAnswersDto;
}

export class SurveySubmittedDto {
  @ApiProperty({ format: 'date-time' }) submittedAt: string;
}

export class NeedSurveyDto {
  @ApiProperty({ format: 'uuid' }) needId: string;
  @ApiProperty({ format: 'date-time' }) submittedAt: string;
  @ApiProperty({ type: SurveyAnswersDto, description: 'The questions answered' })
  answers: SurveyAnswers;
}

export function toSurveyQuestions(): SurveyQuestionDto[] {
  return SURVEY_QUESTIONS.map((question) => ({ ...question }));
}

export function toNeedSurvey(needId: string, response: SurveyResponse): NeedSurveyDto {
  return { needId, submittedAt: response.submittedAt.toISOString(), answers: response.answers };
}
