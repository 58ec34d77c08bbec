import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems } from '@app/http';
import { ProvisioningResponseDto, StartProvisioningDto } from './provisioning.dto';
import { ProvisioningService } from './provisioning.service';

@ApiTags('settings')
@Controller('api/organizations/settings/provisioning')
export class ProvisioningController {
  constructor(private readonly provisioning: ProvisioningService) {}

  @Get()
  @Authenticated({ permission: Permission.SettingsRead })
  @ApiOperation({
    operationId: 'getProvisioning',
    summary: 'Telephony provisioning progress (ext)',
    description:
      'The state of the run and each of its five steps; the organization settings carry the ' +
      'statuses, ids, phoneNumber, provisioningError and provisioningStepErrors it sets.',
  })
  @ApiOkResponse({ type: ProvisioningResponseDto })
  get(@CurrentAuth() auth: AuthContext): Promise<ProvisioningResponseDto> {
    return this.provisioning.get(auth.organizationId);
  }

  @Post()
  @HttpCode(202)
  @Authenticated({ permission: Permission.SettingsUpdate })
  @ApiOperation({
    operationId: 'startProvisioning',
    summary: 'Start or resume telephony provisioning (ext)',
    description:
      'Gets the organization a Telnyx messaging profile, a US long-code number on it (ordered, or ' +
      'existingPhoneNumber adopted) and a verified 10DLC brand and campaign with the number ' +
      'assigned, in the background; resumes from the first step not DONE (completed steps are ' +
      'never repeated). 409 provisioning-unavailable unless SMS_PROVIDER is telnyx (checked ' +
      'first); 400 naming each unset field of legalName, einTaxId, legalStreet, legalCity, ' +
      'legalState, legalZip, supportEmail, supportPhone; 409 provisioning-in-progress while a ' +
      'run is RUNNING or WAITING. Once started, the settings PUT refuses changes to the fields ' +
      'provisioning owns (409 provisioning-managed).',
  })
  @ApiAcceptedResponse({ type: ProvisioningResponseDto })
  @ApiProblems(400, 409)
  start(
    @CurrentAuth() auth: AuthContext,
    @Body() body: StartProvisioningDto,
  ): Promise<ProvisioningResponseDto> {
    return this.provisioning.start(auth.organizationId, body);
  }
}
