import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Res } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import {
  CreateMemberDto,
  InvitedMemberResponseDto,
  MemberResponseDto,
  UpdateMemberDto,
} from './member.dto';
import { MembersService } from './members.service';

const SCOPE =
  'A partner admin works only with staff and volunteers of its own partner: members of other ' +
  'partners are 404, other roles 403.';

@ApiTags('members')
@Controller('api/members')
@Authenticated({ permission: Permission.MemberManage })
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Post()
  @ApiOperation({
    operationId: 'inviteMember',
    summary: 'Add a member and email an invitation',
    description:
      `${SCOPE} The response alone carries the one-time invitationUrl (valid 7 days) and ` +
      'invitationStatus; a failed email never fails the request.',
  })
  @ApiCreatedResponse({ type: InvitedMemberResponseDto })
  @ApiProblems(400, 409)
  async invite(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateMemberDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<InvitedMemberResponseDto> {
    const member = await this.members.invite(auth, body);
    response.location(`/api/members/${member.id}`);
    return member;
  }

  @Get()
  @ApiOperation({
    operationId: 'listMembers',
    summary: 'List members by email',
    description: SCOPE,
  })
  @ApiOkResponse({ type: [MemberResponseDto] })
  list(@CurrentAuth() auth: AuthContext): Promise<MemberResponseDto[]> {
    return this.members.list(auth);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getMember',
    summary: 'Read a member, deactivated ones included',
    description: SCOPE,
  })
  @ApiOkResponse({ type: MemberResponseDto })
  @ApiProblems(400, 404)
  get(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<MemberResponseDto> {
    return this.members.getVisible(auth, id);
  }

  @Patch(':id')
  @ApiOperation({
    operationId: 'updateMember',
    summary: "Change a member's role, profiles, partner, name or phone (partial)",
    description: `${SCOPE} Demoting the last active org admin is 409.`,
  })
  @ApiOkResponse({ type: MemberResponseDto })
  @ApiProblems(400, 404, 409)
  update(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: UpdateMemberDto,
  ): Promise<MemberResponseDto> {
    return this.members.update(auth, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deactivateMember',
    summary: 'Deactivate a member',
    description:
      `${SCOPE} Login, refresh and existing access tokens are refused at once; the record stays ` +
      'readable. Deactivating the last active org admin is 409.',
  })
  @ApiNoContentResponse()
  @ApiProblems(400, 404, 409)
  async deactivate(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<void> {
    await this.members.deactivate(auth, id);
  }
}
