import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { MIN_PASSWORD_LENGTH } from '@app/auth';
import { Omittable } from '@app/http';
import { MemberResponseDto } from '../members/member.dto';

export class LoginDto {
  @ApiProperty({ format: 'email', example: 'admin@example.org' })
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString()
  @Length(1, 1024)
  password: string;

  @ApiPropertyOptional({
    description:
      'Organization slug; needed only when the credentials match members of several ' +
      'organizations, or the email belongs to more than two (only its two oldest memberships ' +
      'are checked without it)',
  })
  @Omittable()
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'organization must be an organization slug' })
  @Length(3, 63)
  organization?: string;

  @ApiPropertyOptional({
    description:
      'The deviceToken an earlier login or invitation on this device returned for this email: its ' +
      "logins are limited by this device's own failures, never refused for other clients' " +
      'failures on the email or from the address. Any other token is ignored.',
  })
  @Omittable()
  @IsString()
  @MaxLength(200)
  deviceToken?: string;
}

/**
 * Any string (bounded only to document a size, far above any token): one this service did not
 * issue is refused like an unknown one (401), not as invalid.
 */
export class RefreshDto {
  @ApiProperty({
    description: 'A refresh token from login, refresh or accept-invite',
    maxLength: 65536,
  })
  @IsString()
  @MaxLength(65536)
  refreshToken: string;
}

export class AcceptInviteDto {
  @ApiProperty({ description: 'The token from the invitation link' })
  @IsString()
  @Length(20, 200)
  token: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH })
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH, {
    message: `password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  })
  @MaxLength(1024)
  password: string;
}

export class TokenPairDto {
  @ApiProperty() accessToken: string;
  @ApiProperty() refreshToken: string;
  @ApiProperty({ example: 900, description: 'Access token lifetime in seconds' }) expiresIn: number;
  @ApiProperty({ example: 'Bearer', enum: ['Bearer'] }) tokenType: 'Bearer';
}

/** What login and accept-invite answer: the token pair and this device's proof of the login. */
export class LoginTokensDto extends TokenPairDto {
  @ApiProperty({
    description:
      "Keep it on this device and send it with the device's next logins to this email (it is " +
      'valid 90 days; each login returns a new one).',
  })
  deviceToken: string;
}

/** The caller's member record with its organization (which public intake, for one, needs). */
export class MeResponseDto extends MemberResponseDto {
  @ApiProperty({ format: 'uuid', description: "The member's organization" })
  organizationId: string;
}
