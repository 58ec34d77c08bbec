import { Body, Controller, Get, HttpCode, Ip, Post, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth, Public } from '@app/auth';
import type { Response } from 'express';
import { ApiProblems, RateLimitCount, sendRateLimitHeaders } from '@app/http';
import { MembersService } from '../members/members.service';
import {
  AcceptInviteDto,
  LoginDto,
  LoginTokensDto,
  MeResponseDto,
  RefreshDto,
  TokenPairDto,
} from './auth.dto';
import { AuthService } from './auth.service';

/**
 * The public routes enter no organization here: AuthService finds it from the credentials or the
 * token, then works inside it.
 */
@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly members: MembersService,
  ) {}

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'login',
    summary: 'Exchange email and password for an access and a refresh token',
  })
  @ApiOkResponse({ type: LoginTokensDto })
  @ApiProblems(400, 401, 429, 503)
  async login(
    @Body() body: LoginDto,
    @Ip() ip: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginTokensDto> {
    const counted: RateLimitCount[] = [];
    try {
      return await this.auth.login(body, ip, counted);
    } finally {
      sendRateLimitHeaders(response, counted);
    }
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'refreshTokens',
    summary: 'Rotate a refresh token; reusing an old one revokes its whole family',
  })
  @ApiOkResponse({ type: TokenPairDto })
  @ApiProblems(400, 401)
  refresh(@Body() body: RefreshDto): Promise<TokenPairDto> {
    return this.auth.refresh(body.refreshToken);
  }

  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiOperation({ operationId: 'logout', summary: "Revoke a refresh token's family" })
  @ApiNoContentResponse({ description: 'Revoked; an unknown token gets the same answer' })
  @ApiProblems(400)
  async logout(@Body() body: RefreshDto): Promise<void> {
    await this.auth.logout(body.refreshToken);
  }

  @Get('me')
  @Authenticated()
  @ApiOperation({
    operationId: 'getCurrentMember',
    summary: "The caller's member record, with its organization id",
  })
  @ApiOkResponse({ type: MeResponseDto })
  async me(@CurrentAuth() auth: AuthContext): Promise<MeResponseDto> {
    const member = await this.members.get(auth.organizationId, auth.memberId);
    return { ...member, organizationId: auth.organizationId };
  }

  @Post('accept-invite')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'acceptInvitation',
    summary: 'Set a password with an invitation token; confirms the member',
    description: 'Failed attempts are rate limited per client IP, like logins.',
  })
  @ApiOkResponse({ type: LoginTokensDto })
  @ApiProblems(400, 429, 503)
  async acceptInvite(
    @Body() body: AcceptInviteDto,
    @Ip() ip: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginTokensDto> {
    const counted: RateLimitCount[] = [];
    try {
      return await this.auth.acceptInvite(body, ip, counted);
    } finally {
      sendRateLimitHeaders(response, counted);
    }
  }
}
