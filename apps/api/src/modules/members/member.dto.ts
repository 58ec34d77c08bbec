import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ACCESS_PROFILES, MEMBER_ROLES } from '@app/contracts';
import type { AccessProfile, MemberRole } from '@app/contracts';
import type { MemberEntity } from '@app/database';

export class MemberResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty() fullName: string;
  @ApiProperty({ enum: MEMBER_ROLES }) role: MemberRole;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) partnerId: string | null;
  @ApiProperty({ nullable: true, type: String }) partnerName: string | null;
  @ApiProperty({ enum: ACCESS_PROFILES, isArray: true }) profiles: AccessProfile[];
  @ApiProperty({ nullable: true, type: String, example: '+15551234567' }) phone: string | null;
  @ApiProperty({ description: 'Whether the email address is verified' }) isConfirmed: boolean;
  @ApiPropertyOptional({ nullable: true, type: Boolean }) smsOptedOut: boolean | null;
  @ApiProperty({ description: 'False once the member is deactivated' }) isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export function toMemberResponse(
  member: MemberEntity,
  partnerName: string | null,
): MemberResponseDto {
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
