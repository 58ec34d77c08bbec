import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { SURVEY_QUESTIONS, type SurveyQuestion } from './survey-questions';

/** How an answer to the question is documented and checked. */
function answerRules(question: SurveyQuestion): PropertyDecorator[] {
  const name = `answers.${question.id}`;
  switch (question.type) {
    case 'number': {
      const message = `${name} must be a whole number from ${question.min} to ${question.max}`;
      return [
        ApiPropertyOptional({
          type: 'integer',
          minimum: question.min,
          maximum: question.max,
          nullable: true,
        }),
        IsInt({ message }),
        Min(question.min as number, { message }),
        Max(question.max as number, { message }),
      ];
    }
    case 'zip': {
      const message = `${name} must be a ZIP code of exactly 5 digits`;
      return [
        ApiPropertyOptional({ type: String, pattern: '^\\d{5}$', maxLength: 5, nullable: true }),
        IsString({ message }),
        Matches(/^\d{5}$/, { message }),
      ];
    }
    case 'single_choice': {
      const values = (question.options ?? []).map((option) => option.value);
      return [
        ApiPropertyOptional({ enum: values, nullable: true }),
        IsIn(values, { message: `${name} must be one of ${values.join(', ')}` }),
      ];
    }
  }
}

/**
 * The answers, one optional property per question of SURVEY_QUESTIONS (null is no answer); any
 * other property is refused with a 400 naming `answers.<property>`.
 */
export class SurveyAnswersDto {
  [questionId: string]: string | number | null | undefined;
}

for (const question of SURVEY_QUESTIONS) {
  applyDecorators(IsOptional(), ...answerRules(question))(SurveyAnswersDto.prototype, question.id);
}
