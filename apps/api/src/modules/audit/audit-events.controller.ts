import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, nextPageLink, ApiPageResponse } from '@app/http';
import {
  AuditChainVerificationDto,
  AuditEventResponseDto,
  ListAuditEventsQueryDto,
} from './audit-event.dto';
import { AuditEventsService } from './audit-events.service';

@ApiTags('audit')
@Controller('api/audit-events')
export class AuditEventsController {
  constructor(private readonly audit: AuditEventsService) {}

  @Get()
  @Authenticated({ permission: Permission.AuditRead })
  @ApiOperation({
    operationId: 'listAuditEvents',
    summary: "The organization's access audit log, newest first",
    description:
      'Who read, searched or changed what, when and from where: one entry per access, appended ' +
      'in the transaction of the access and never changed. An unknown action is 400.',
  })
  @ApiPageResponse(AuditEventResponseDto, 'entries')
  @ApiProblems(400)
  async list(
    @CurrentAuth() auth: AuthContext,
    @Query() query: ListAuditEventsQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuditEventResponseDto[]> {
    const page = await this.audit.list(auth.organizationId, query);
    if (page.nextCursor) response.setHeader('Link', nextPageLink(request, page.nextCursor));
    return page.events;
  }

  @Get('verify')
  @Authenticated({ permission: Permission.AuditRead })
  @ApiOperation({
    operationId: 'verifyAuditEvents',
    summary: "Recompute the organization's whole audit chain",
    description:
      'Reads every entry in sequence order and recomputes each hash from the one before; names ' +
      'the first entry that is missing or was changed.',
  })
  @ApiOkResponse({ type: AuditChainVerificationDto })
  verify(@CurrentAuth() auth: AuthContext): Promise<AuditChainVerificationDto> {
    return this.audit.verify(auth.organizationId);
  }
}
