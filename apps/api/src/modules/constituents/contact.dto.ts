import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, Matches, MaxLength } from 'class-validator';
import { CONSTITUENT_FIELDS } from '@app/database';
import type { ConstituentFields } from '@app/database';
import { US_STATE_CODES } from '@app/domain';
import { IsE164Phone } from '@app/http';
import { IsBirthDate, IsUsState, Trim, TrimmedText } from './contact.validators';

const nullable = { nullable: true, type: String } as const;

/**
 * The contact fields of a constituent, each optional; null means "none" (on update: clear it).
 * Used as the PUT body, as merge fieldOverrides, and nested as `contact` by need intake.
 */
export class ContactDto {
  @ApiPropertyOptional({ ...nullable, maxLength: 200, example: 'Maria' })
  @IsOptional()
  @TrimmedText(200)
  firstName?: string | null;

  @ApiPropertyOptional({ ...nullable, maxLength: 200, example: 'Lopez' })
  @IsOptional()
  @TrimmedText(200)
  lastName?: string | null;

  @ApiPropertyOptional({ ...nullable, description: 'E.164', example: '+12025550123' })
  @IsOptional()
  @IsE164Phone()
  phone?: string | null;

  @ApiPropertyOptional({ ...nullable, format: 'email', example: 'maria@example.org' })
  @IsOptional()
  @Trim()
  @IsEmail()
  @MaxLength(254)
  email?: string | null;

  @ApiPropertyOptional({ ...nullable, maxLength: 200, example: '12 Oak St Apt 3' })
  @IsOptional()
  @TrimmedText(200)
  addressStreet?: string | null;

  @ApiPropertyOptional({ ...nullable, maxLength: 200, example: 'Springfield' })
  @IsOptional()
  @TrimmedText(200)
  addressCity?: string | null;

  @ApiPropertyOptional({ ...nullable, enum: US_STATE_CODES, example: 'IL' })
  @IsOptional()
  @IsUsState()
  addressState?: string | null;

  @ApiPropertyOptional({ ...nullable, pattern: '^\\d{5}$', maxLength: 5, example: '62704' })
  @IsOptional()
  @Matches(/^\d{5}$/, { message: 'addressZip must be 5 digits' })
  addressZip?: string | null;

  @ApiPropertyOptional({ ...nullable, format: 'date', example: '1980-05-01' })
  @IsOptional()
  @IsBirthDate()
  dateOfBirth?: string | null;
}

/** The fields the client sent: an omitted field is left out, an explicit null kept (it clears). */
export function sentFields(contact: ContactDto): Partial<ConstituentFields> {
  return Object.fromEntries(
    CONSTITUENT_FIELDS.filter((field) => contact[field] !== undefined).map((field) => [
      field,
      contact[field],
    ]),
  );
}
