import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
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
import { CreateShiftDto, ListShiftsQueryDto, ShiftResponseDto, UpdateShiftDto } from './shift.dto';
import { VolunteersService } from './volunteers.service';

const SCOPE =
  'An org admin works with every shift, a partner admin with those of its partner, a volunteer ' +
  'with their own; other shifts are 404.';

@ApiTags('volunteers')
@Controller('api/volunteers/schedule')
@Authenticated({ permission: Permission.ShiftManage })
export class VolunteersController {
  constructor(private readonly volunteers: VolunteersService) {}

  @Post()
  @ApiOperation({
    operationId: 'scheduleShift',
    summary: 'Schedule a shift',
    description:
      'A volunteer may schedule only themselves, a partner admin only at its own partner (403). ' +
      'Overlapping shifts of one volunteer are 409.',
  })
  @ApiCreatedResponse({ type: ShiftResponseDto })
  @ApiProblems(400, 409)
  async schedule(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateShiftDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ShiftResponseDto> {
    const shift = await this.volunteers.schedule(auth, body);
    response.location(`/api/volunteers/schedule/${shift.id}`);
    return shift;
  }

  @Patch(':id')
  @ApiOperation({
    operationId: 'rescheduleShift',
    summary: 'Change the start or end time of a shift',
    description: SCOPE,
  })
  @ApiOkResponse({ type: ShiftResponseDto })
  @ApiProblems(400, 404, 409)
  reschedule(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: UpdateShiftDto,
  ): Promise<ShiftResponseDto> {
    return this.volunteers.reschedule(auth, id, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listShifts',
    summary: 'List shifts by start time, optionally overlapping [from, to)',
    description: SCOPE,
  })
  @ApiOkResponse({ type: [ShiftResponseDto] })
  @ApiProblems(400)
  list(
    @CurrentAuth() auth: AuthContext,
    @Query() query: ListShiftsQueryDto,
  ): Promise<ShiftResponseDto[]> {
    return this.volunteers.list(auth, query);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'cancelShift', summary: 'Cancel a shift', description: SCOPE })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async cancel(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<void> {
    await this.volunteers.cancel(auth, id);
  }
}
