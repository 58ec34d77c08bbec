import { Body, Controller, Delete, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
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
  ListSharedContactsQueryDto,
  MarkSharedContactDto,
  SharedContactResponseDto,
} from './shared-contacts.dto';
import { SharedContactsService } from './shared-contacts.service';

const ABOUT =
  'A shared contact point is an address, phone or email given by many unrelated people (a ' +
  'shelter, an agency, a caseworker’s mailbox): household matching reports it in a match’s ' +
  'sharedReasons but does not count it as evidence. Points are detected as constituents are ' +
  'created and updated (at least four people of different households and surnames); an admin ' +
  'may mark an address or phone either way.';

@ApiTags('shared contacts')
@Controller('api/shared-contacts')
export class SharedContactsController {
  constructor(private readonly sharedContacts: SharedContactsService) {}

  @Post()
  @Authenticated({ permission: Permission.ConstituentMerge })
  @ApiOperation({
    operationId: 'markSharedContact',
    summary: 'Mark an address or phone as a shared location, or as none',
    description:
      `${ABOUT} A new entry (new id) replaces the point's earlier mark; a detection of the point ` +
      'is kept beside it, and the mark decides. The answer is the same whether or not the point ' +
      'was detected. Marking it shared withdraws the pending matches that rested on it alone.',
  })
  @ApiCreatedResponse({ type: SharedContactResponseDto })
  @ApiProblems(400)
  async mark(
    @CurrentAuth() auth: AuthContext,
    @Body() body: MarkSharedContactDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SharedContactResponseDto> {
    const entry = await this.sharedContacts.mark(auth, body);
    response.location(`/api/shared-contacts/${entry.id}`);
    return entry;
  }

  @Get()
  @Authenticated({ permission: Permission.ConstituentMerge })
  @ApiOperation({
    operationId: 'listSharedContacts',
    summary: 'Shared contact points, marked and detected, newest first',
    description: ABOUT,
  })
  @ApiOkResponse({ type: [SharedContactResponseDto] })
  @ApiProblems(400)
  list(
    @CurrentAuth() auth: AuthContext,
    @Query() query: ListSharedContactsQueryDto,
  ): Promise<SharedContactResponseDto[]> {
    return this.sharedContacts.list(auth, query);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated({ permission: Permission.ConstituentMerge })
  @ApiOperation({
    operationId: 'unmarkSharedContact',
    summary: 'Unmark a shared contact point',
    description:
      'Forgets the mark (or the detection): the point is judged by detection again from its next intake.',
  })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<void> {
    await this.sharedContacts.remove(auth, id);
  }
}
