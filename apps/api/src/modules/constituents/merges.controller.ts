import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, nextPageLink, UuidParam, ApiPageResponse } from '@app/http';
import { ListMergesQueryDto, MergeResponseDto, MergeUndoResponseDto } from './merge-history.dto';
import { MergeHistoryService } from './merge-history.service';
import { MergeUndoService } from './merge-undo.service';

/** The history of constituent merges, and their undo. */
@ApiTags('constituents')
@Controller('api/constituents')
export class MergesController {
  constructor(
    private readonly history: MergeHistoryService,
    private readonly undoing: MergeUndoService,
  ) {}

  @Get(':id/merges')
  @Authenticated({ permission: Permission.ConstituentMerge })
  @ApiOperation({
    operationId: 'listConstituentMerges',
    summary: "A constituent's merges, newest first",
    description:
      'Every constituent merge (POST /api/constituents/merge or a MERGE_CONSTITUENT resolve) the ' +
      'constituent took part in as source or target, undone or not; a merged-away source answers ' +
      'here though its GET is 404. Ids, times and field names only.',
  })
  @ApiPageResponse(MergeResponseDto, 'merges')
  @ApiProblems(400, 404)
  async list(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Query() query: ListMergesQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MergeResponseDto[]> {
    const page = await this.history.list(auth, id, query);
    if (page.nextCursor) response.setHeader('Link', nextPageLink(request, page.nextCursor));
    return page.merges;
  }

  @Post('merges/:mergeId/undo')
  @HttpCode(200)
  @Authenticated({ permission: Permission.ConstituentMerge })
  @ApiOperation({
    operationId: 'undoConstituentMerge',
    summary: 'Undo a constituent merge',
    description:
      'One transaction: the source exists again as before the merge, the needs, interactions, ' +
      'household matches and other records the merge moved go back to it (and the household ' +
      'members a household merge moved, to its household), and the target gets back the earlier ' +
      'values of the fields the merge overrode. An SMS opt-out the merge carried to the target ' +
      'stays. The pair is never suggested again: the match the merge resolved becomes DISMISSED. ' +
      '409 merge-undo-conflict (errors naming each field) when an overridden field of the target ' +
      'has changed since, or the target has since been merged away; 409 merge-already-undone the ' +
      'second time. Emits constituent.unmerged.',
  })
  @ApiOkResponse({ type: MergeUndoResponseDto })
  @ApiProblems(400, 404, 409)
  undo(
    @CurrentAuth() auth: AuthContext,
    @UuidParam('mergeId') mergeId: string,
  ): Promise<MergeUndoResponseDto> {
    return this.undoing.undo(auth, mergeId);
  }
}
