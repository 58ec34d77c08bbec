import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import {
  ConstituentResponseDto,
  CreateConstituentDto,
  CreatedConstituentResponseDto,
  SearchConstituentsQueryDto,
} from './constituent.dto';
import { ConstituentErasureService } from './constituent-erasure.service';
import { ConstituentsService } from './constituents.service';
import { ContactDto } from './contact.dto';
import { EraseConstituentDto } from './erasure.dto';
import { MergeConstituentsDto } from './merge.dto';

const PII_NOTE =
  'Personal fields are null for callers without the pii_reader profile, and for members with a ' +
  'partner while the organization requires sharing consent and the constituent has not given ' +
  'SHARE_WITH_PARTNERS.';

@ApiTags('constituents')
@Controller('api/constituents')
export class ConstituentsController {
  constructor(
    private readonly constituents: ConstituentsService,
    private readonly erasure: ConstituentErasureService,
  ) {}

  @Post()
  @Authenticated({ permission: Permission.ConstituentWrite })
  @ApiOperation({
    operationId: 'createConstituent',
    summary: 'Create a constituent (staff intake)',
    description:
      'In the given household, else in a new one. Returns the record and the household matches ' +
      `(likely duplicates) raised for review. ${PII_NOTE}`,
  })
  @ApiCreatedResponse({ type: CreatedConstituentResponseDto })
  @ApiProblems(400)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateConstituentDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreatedConstituentResponseDto> {
    const created = await this.constituents.create(auth, body);
    response.location(`/api/constituents/${created.id}`);
    return created;
  }

  @Get()
  @Authenticated({ permission: Permission.ConstituentRead })
  @ApiOperation({
    operationId: 'searchConstituents',
    summary: 'Search constituents',
    description:
      'By email (exact, any case), phone (any formatting), a need reference number, or name ' +
      '(typo-tolerant trigram similarity, a single word or several, nicknames such as Bill for ' +
      'William, first and last in any order), best match first. Searching by name, phone or email ' +
      'needs the pii_reader profile (403 otherwise); other callers may search by a reference ' +
      'number, which finds only needs they may see. The query is trimmed; a text with nothing ' +
      'searchable (empty, white space, only punctuation, %, _, \\) finds nothing; without a query, ' +
      'the newest constituents. ' +
      'Merged-away constituents never appear, nor, for members with a partner in an organization ' +
      'requiring sharing consent, those not consenting to SHARE_WITH_PARTNERS. ' +
      PII_NOTE,
  })
  @ApiOkResponse({ type: [ConstituentResponseDto] })
  @ApiProblems(400)
  search(
    @CurrentAuth() auth: AuthContext,
    @Query() query: SearchConstituentsQueryDto,
  ): Promise<ConstituentResponseDto[]> {
    return this.constituents.search(auth, query);
  }

  @Post('merge')
  @HttpCode(200)
  @Authenticated({ permission: Permission.ConstituentMerge })
  @ApiOperation({
    operationId: 'mergeConstituents',
    summary: 'Merge one constituent into another',
    description:
      "One transaction: the source's needs, interactions and household matches move to the target, " +
      'fieldOverrides win over the target, and the source stops existing for reads and searches. ' +
      "mergeHouseholds also moves the source's whole household; a household left empty always " +
      `follows. Audit-logged with both records as they were. Returns the target. ${PII_NOTE}`,
  })
  @ApiOkResponse({ type: ConstituentResponseDto })
  @ApiProblems(400, 404)
  merge(
    @CurrentAuth() auth: AuthContext,
    @Body() body: MergeConstituentsDto,
  ): Promise<ConstituentResponseDto> {
    return this.constituents.merge(auth, body);
  }

  @Get(':id')
  @Authenticated({ permission: Permission.ConstituentRead })
  @ApiOperation({
    operationId: 'getConstituent',
    summary: 'Read a constituent',
    description: PII_NOTE,
  })
  @ApiOkResponse({ type: ConstituentResponseDto })
  @ApiProblems(400, 404)
  get(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<ConstituentResponseDto> {
    return this.constituents.get(auth, id);
  }

  @Put(':id')
  @Authenticated({ permission: Permission.ConstituentWrite })
  @ApiOperation({
    operationId: 'updateConstituent',
    summary: 'Update a constituent (partial)',
    description: `An omitted field is unchanged; null clears it. Raises household matches the new values suggest. ${PII_NOTE}`,
  })
  @ApiOkResponse({ type: ConstituentResponseDto })
  @ApiProblems(400, 404)
  update(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: ContactDto,
  ): Promise<ConstituentResponseDto> {
    return this.constituents.update(auth, id, body);
  }

  @Post(':id/opt-out')
  @HttpCode(200)
  @Authenticated({ permission: Permission.ConstituentOptOut })
  @ApiOperation({
    operationId: 'optOutConstituent',
    summary: 'Opt a constituent out of SMS (idempotent)',
    description: PII_NOTE,
  })
  @ApiOkResponse({ type: ConstituentResponseDto })
  @ApiProblems(400, 404)
  optOut(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
  ): Promise<ConstituentResponseDto> {
    return this.constituents.optOut(auth, id);
  }

  @Post(':id/erase')
  @HttpCode(200)
  @Authenticated({ permission: Permission.ConstituentErase })
  @ApiOperation({
    operationId: 'eraseConstituent',
    summary: "Erase a constituent's personal data",
    description:
      'One transaction: every personal field becomes null, its search and matching entries go, it ' +
      'leaves its household, its pending household matches are dismissed, its interactions lose ' +
      'subject and body, its telephony records lose their numbers, its merge records lose its ' +
      'personal values, its consent records lose their notes. Its needs stay. Afterwards searches ' +
      'and matching never return it and PUT is 409 constituent-erased. Erasing again answers the ' +
      'record with the first erasedAt and changes nothing. Audit-logged with the reason.',
  })
  @ApiOkResponse({ type: ConstituentResponseDto })
  @ApiProblems(400, 404)
  erase(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: EraseConstituentDto,
  ): Promise<ConstituentResponseDto> {
    return this.erasure.erase(auth, id, body);
  }
}
