import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@app/auth';
import { ApiProblems } from '@app/http';
import { PublicIntakeRateLimitGuard } from './public-intake-rate-limit.guard';
import { PublicStatusDto, PublicStatusQueryDto } from './public-status.dto';
import { PublicStatusService } from './public-status.service';

@ApiTags('needs')
@Controller('api/needs/public/status')
export class PublicStatusController {
  constructor(private readonly statuses: PublicStatusService) {}

  @Get()
  @Public()
  @UseGuards(PublicIntakeRateLimitGuard)
  @ApiOperation({
    operationId: 'getPublicNeedStatus',
    summary: 'Look up the status of a request by its reference number (no credential)',
    description:
      'No contact details, partner names or ids beyond the reference number. An unknown ' +
      'reference number, an unknown organization and a disabled one are the same 404. Counted ' +
      "against public intake's per-IP limit.",
  })
  @ApiOkResponse({ type: PublicStatusDto })
  @ApiProblems(400, 404, 429)
  find(@Query() query: PublicStatusQueryDto): Promise<PublicStatusDto> {
    return this.statuses.find(query);
  }
}
