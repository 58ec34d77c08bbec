import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import {
  ApiProblems,
  KeysetPageQueryDto,
  nextPageLink,
  UuidParam,
  ApiPageResponse,
} from '@app/http';
import { ConsentRecordResponseDto, RecordConsentDto } from './consent.dto';
import { ConsentsService } from './consents.service';

@ApiTags('constituents')
@Controller('api/constituents')
export class ConsentsController {
  constructor(private readonly consents: ConsentsService) {}

  @Post(':id/consents')
  @Authenticated({ permission: Permission.ConstituentWrite })
  @ApiOperation({
    operationId: 'recordConsent',
    summary: 'Record a consent given or withdrawn',
    description:
      'Records are never changed or deleted: a withdrawal is a new record with granted false, and ' +
      "the newest record of each purpose is the constituent's current consent (`consents` of the " +
      'record). Emits constituent.consent_changed. Location: the history.',
  })
  @ApiCreatedResponse({ type: ConsentRecordResponseDto })
  @ApiProblems(400, 404)
  async record(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: RecordConsentDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ConsentRecordResponseDto> {
    const recorded = await this.consents.record(auth, id, body);
    response.location(`/api/constituents/${id}/consents`);
    return recorded;
  }

  @Get(':id/consents')
  @Authenticated({ permission: Permission.ConstituentRead })
  @ApiOperation({
    operationId: 'listConsents',
    summary: "A constituent's consent history, newest first",
    description:
      'Every record, also the withdrawn and the expired. Notes are null for callers who may not ' +
      "read the constituent's personal fields.",
  })
  @ApiPageResponse(ConsentRecordResponseDto, 'records')
  @ApiProblems(400, 404)
  async history(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Query() query: KeysetPageQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ConsentRecordResponseDto[]> {
    const page = await this.consents.history(auth, id, query);
    if (page.nextCursor) response.setHeader('Link', nextPageLink(request, page.nextCursor));
    return page.consents;
  }
}
