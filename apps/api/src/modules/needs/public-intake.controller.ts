import { Body, Controller, Post, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '@app/auth';
import { ApiProblems } from '@app/http';
import { Idempotent } from '../idempotency';
import { CreatePublicNeedDto } from './need-create.dto';
import { NeedIntakeService } from './need-intake.service';
import { PublicNeedCreatedDto } from './need.dto';
import { PublicIntakeRateLimitGuard } from './public-intake-rate-limit.guard';

@ApiTags('needs')
@Controller('api/needs/public')
export class PublicIntakeController {
  constructor(private readonly intake: NeedIntakeService) {}

  @Post()
  @Public({ organizationFrom: 'organizationId' })
  @UseGuards(PublicIntakeRateLimitGuard)
  @ApiOperation({
    operationId: 'createPublicNeed',
    summary: 'Record a need by anonymous intake (no credential)',
    description:
      'The organization must exist and be ENABLED; partnerId, constituentId, householdId and ' +
      'parentNeedId must belong to it (400 otherwise). Without partnerId the need goes to the ' +
      'partner whose keywords best match the description, else to the default partner. Rate ' +
      'limited per client IP and per organization. The answer carries the tracking data only, never ' +
      'whether the contact resembles a known person (staff see that on the need).',
  })
  @ApiCreatedResponse({ type: PublicNeedCreatedDto })
  @Idempotent()
  @ApiProblems(400, 429)
  async create(
    @Body() body: CreatePublicNeedDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublicNeedCreatedDto> {
    const created = await this.intake.createPublic(body);
    response.location(`/api/needs/${created.id}`);
    return created;
  }
}
