import { Controller, Get, Query } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import { TelephonyRecordsPageDto, TelephonyRecordsQueryDto } from './telephony.dto';
import { TelephonyService } from './telephony.service';

@ApiTags('telephony')
@Controller('api/organizations/:id/telephony')
export class TelephonyController {
  constructor(private readonly telephony: TelephonyService) {}

  @Get('detail-records')
  @Authenticated({ permission: Permission.TelephonyRead })
  @ApiOperation({
    operationId: 'listTelephonyDetailRecords',
    summary: "A page of the organization's telephony detail records, newest first",
    description:
      'One record per SMS event: each send accepted by the provider, and each inbound message or ' +
      "delivery report of the provider's webhook. `{id}` must be the caller's organization.",
  })
  @ApiOkResponse({ type: TelephonyRecordsPageDto })
  @ApiProblems(400, 404)
  list(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Query() query: TelephonyRecordsQueryDto,
  ): Promise<TelephonyRecordsPageDto> {
    return this.telephony.listRecords(auth, id, query);
  }
}
