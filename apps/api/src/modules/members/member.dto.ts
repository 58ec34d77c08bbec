import { ApiProperty, ApiPropertyOptional, PartialType, PickType } from '@nestjs/swagger';
import {
  ArrayUnique,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  MaxLength,
} from 'class-validator';
import { ACCESS_PROFILES, MEMBER_ROLES } from '@assist/contracts';
import type { AccessProfile, MemberRole } from '@assist/contracts';
import type { MemberWithPartner } from '@app/database';
import { IsE164Phone, IsHttpUrl, Omittable } from '@app/http';

export const INVITATION_STATUSES = ['SENT', 'NOT_SENT', 'FAILED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export class CreateMemberDto {
  @ApiProperty({ format: 'email', description: 'Unique within the organization' })
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ minLength: 1, maxLength: 200 }) @IsString() @Length(1, 200) fullName: string;

  @ApiProperty({ enum: MEMBER_ROLES }) @IsIn(MEMBER_ROLES) role: MemberRole;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "Required for partner_admin; defaults to a partner admin's own partner",
  })
  @IsOptional()
  @IsUUID()
  partnerId?: string | null;

  @ApiPropertyOptional({
    enum: ACCESS_PROFILES,
    isArray: true,
    maxItems: ACCESS_PROFILES.length,
    uniqueItems: true,
  })
  @Omittable()
  @IsArray()
  @ArrayUnique()
  @IsIn(ACCESS_PROFILES, { each: true })
  profiles?: AccessProfile[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 32, example: '+12025550123' })
  @IsOptional()
  @IsE164Phone()
  phone?: string | null;

  @ApiPropertyOptional({
    format: 'uri',
    description:
      'Base URL of the application the invitation link opens (default PUBLIC_APP_URL); its ' +
      'origin must be listed in APP_URL_ALLOWLIST',
  })
  @Omittable()
  @IsHttpUrl()
  @MaxLength(2048)
  appUrl?: string;
}

/** Partial: an omitted field is unchanged, null clears partnerId or phone. */
export class UpdateMemberDto extends PartialType(
  PickType(CreateMemberDto, ['fullName', 'role', 'partnerId', 'profiles', 'phone'] as const),
  { skipNullProperties: false },
) {}

export class MemberResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty() fullName: string;
  @ApiProperty({ enum: MEMBER_ROLES }) role: MemberRole;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) partnerId: string | null;
  @ApiProperty({ nullable: true, type: String }) partnerName: string | null;
  @ApiProperty({ enum: ACCESS_PROFILES, isArray: true }) profiles: AccessProfile[];
  @ApiProperty({ nullable: true, type: String, example: '+12025550123' }) phone: string | null;
  @ApiProperty({ description: 'Whether the email address is verified' }) isConfirmed: boolean;
  @ApiPropertyOptional({ nullable: true, type: Boolean }) smsOptedOut: boolean | null;
  @ApiProperty({ description: 'False once the member is deactivated' }) isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class InvitedMemberResponseDto extends MemberResponseDto {
  @ApiProperty({ description: 'One-time link to set a password, valid 7 days' })
  invitationUrl: string;

  @ApiProperty({
    enum: INVITATION_STATUSES,
    description: 'NOT_SENT when no email provider exists; FAILED when delivery failed',
  })
  invitationStatus: InvitationStatus;
}

export function toMemberResponse({ member, partnerName }: MemberWithPartner): MemberResponseDto {
  return {
    id: member.id,
    email: member.email,
    fullName: member.fullName,
    role: member.role,
    partnerId: member.partnerId,
    partnerName,
    profiles: member.profiles,
    phone: member.phone,
    isConfirmed: member.isConfirmed,
    smsOptedOut: member.smsOptedOut,
    isActive: member.isActive,
    createdAt: member.createdAt.toISOString(),
  };
}
