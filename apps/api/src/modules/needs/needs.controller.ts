import { Body, Controller, Get, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, nextPageLink, UuidParam, ApiPageResponse } from '@app/http';
import { Idempotent } from '../idempotency';
import { CreateNeedDto } from './need-create.dto';
import { NeedIntakeService } from './need-intake.service';
import { ListNeedsQueryDto } from './need-list.dto';
import { UpdateNeedDto } from './need-update.dto';
import { NeedUpdateService } from './need-update.service';
import { NeedHistoryEntryDto, NeedResponseDto } from './need.dto';
import { NeedsService } from './needs.service';

const SCOPE =
  'org_admin sees the organization; partner members their partner; intake_staff the needs they ' +
  'created; volunteers those assigned to them. Confidential needs only for org_admin, pii_reader, ' +
  "the partner_admin of the need's partner and the assignee.";

@ApiTags('needs')
@Controller('api/needs')
export class NeedsController {
  constructor(
    private readonly needs: NeedsService,
    private readonly intake: NeedIntakeService,
    private readonly updates: NeedUpdateService,
  ) {}

  @Post()
  @Authenticated({ permission: Permission.NeedCreate })
  @ApiOperation({
    operationId: 'createNeed',
    summary: 'Record a need (staff intake)',
    description:
      'Routing and validation as for public intake; a partner member records needs for its own partner.',
  })
  @ApiCreatedResponse({ type: NeedResponseDto })
  @Idempotent()
  @ApiProblems(400)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateNeedDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<NeedResponseDto> {
    const need = await this.intake.createForMember(auth, body);
    response.location(`/api/needs/${need.id}`);
    return need;
  }

  @Get()
  @Authenticated({ permission: Permission.NeedRead })
  @ApiOperation({
    operationId: 'listNeeds',
    summary: 'List needs, newest first',
    description: SCOPE,
  })
  @ApiPageResponse(NeedResponseDto, 'needs')
  @ApiProblems(400)
  async list(
    @CurrentAuth() auth: AuthContext,
    @Query() query: ListNeedsQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<NeedResponseDto[]> {
    const page = await this.needs.list(auth, query);
    if (page.nextCursor) response.setHeader('Link', nextPageLink(request, page.nextCursor));
    return page.needs;
  }

  @Get(':id')
  @Authenticated({ permission: Permission.NeedRead })
  @ApiOperation({ operationId: 'getNeed', summary: 'Read a need', description: SCOPE })
  @ApiOkResponse({ type: NeedResponseDto })
  @ApiProblems(400, 404)
  get(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<NeedResponseDto> {
    return this.needs.get(auth, id);
  }

  @Patch(':id')
  @Authenticated({ permission: Permission.NeedUpdate })
  @ApiOperation({
    operationId: 'updateNeed',
    summary: 'Move a need through its lifecycle, assign, transfer or edit it (partial)',
    description:
      'Volunteers may only move the status of needs assigned to them. An invalid move is 409 ' +
      'invalid-status-transition; a move to the current status is a no-op. Every move is recorded.',
  })
  @ApiOkResponse({ type: NeedResponseDto })
  @ApiProblems(400, 404, 409)
  update(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: UpdateNeedDto,
  ): Promise<NeedResponseDto> {
    return this.updates.update(auth, id, body);
  }

  @Get(':id/history')
  @Authenticated({ permission: Permission.NeedRead })
  @ApiOperation({
    operationId: 'getNeedHistory',
    summary: "A need's moves, oldest first (actorId null for the system)",
  })
  @ApiOkResponse({ type: [NeedHistoryEntryDto] })
  @ApiProblems(400, 404)
  history(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
  ): Promise<NeedHistoryEntryDto[]> {
    return this.needs.history(auth, id);
  }
}
