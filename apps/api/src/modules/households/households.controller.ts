import { Controller, Get } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import { HouseholdResponseDto } from './household.dto';
import { HouseholdsService } from './households.service';

@ApiTags('households')
@Controller('api/households')
export class HouseholdsController {
  constructor(private readonly households: HouseholdsService) {}

  @Get(':id')
  @Authenticated({ permission: Permission.ConstituentRead })
  @ApiOperation({
    operationId: 'getHousehold',
    summary: 'A household and its members',
    description:
      'A household merged into another is not found. Personal fields of the members are null for ' +
      'callers without the pii_reader profile.',
  })
  @ApiOkResponse({ type: HouseholdResponseDto })
  @ApiProblems(400, 404)
  get(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<HouseholdResponseDto> {
    return this.households.get(auth, id);
  }
}
