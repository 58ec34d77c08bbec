import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import { HouseholdMatchResponseDto } from '../constituents';
import { ListHouseholdMatchesQueryDto, ResolveHouseholdMatchDto } from './household-matches.dto';
import { HouseholdMatchesService } from './household-matches.service';

@ApiTags('household matches')
@Controller('api/household-matches')
export class HouseholdMatchesController {
  constructor(private readonly matches: HouseholdMatchesService) {}

  @Get()
  @Authenticated({ permission: Permission.ConstituentMerge })
  @ApiOperation({
    operationId: 'listHouseholdMatches',
    summary: 'Household match suggestions, newest first',
    description:
      'Keyset pages: the next page is in the Link header (rel="next"), absent on the last page.',
  })
  @ApiOkResponse({
    type: [HouseholdMatchResponseDto],
    headers: {
      Link: { description: '<...>; rel="next" when there are more', schema: { type: 'string' } },
    },
  })
  @ApiProblems(400)
  async list(
    @CurrentAuth() auth: AuthContext,
    @Query() query: ListHouseholdMatchesQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HouseholdMatchResponseDto[]> {
    const page = await this.matches.list(auth, query);
    if (page.nextCursor) {
      const next = new URLSearchParams();
      for (const status of query.status ?? []) next.append('status', status);
      if (query.limit) next.set('limit', String(query.limit));
      next.set('cursor', page.nextCursor);
      response.setHeader('Link', `<${request.path}?${next.toString()}>; rel="next"`);
    }
    return page.matches;
  }

  @Post(':id/resolve')
  @HttpCode(200)
  @Authenticated({ permission: Permission.ConstituentMerge })
  @ApiOperation({
    operationId: 'resolveHouseholdMatch',
    summary: 'Resolve a household match',
    description:
      'MERGE_HOUSEHOLD moves every member of the other household into the target constituent’s ' +
      'household; MERGE_CONSTITUENT merges the other constituent into targetConstituentId (as ' +
      'POST /api/constituents/merge) applying fieldOverrides; DISMISS keeps the pair from ever being ' +
      'suggested again. Returns the updated match; a match that is not PENDING is 409.',
  })
  @ApiOkResponse({ type: HouseholdMatchResponseDto })
  @ApiProblems(400, 404, 409)
  resolve(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: ResolveHouseholdMatchDto,
  ): Promise<HouseholdMatchResponseDto> {
    return this.matches.resolve(auth, id, body);
  }
}
