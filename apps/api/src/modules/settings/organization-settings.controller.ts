import { Body, Controller, Get, Put } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems } from '@app/http';
import {
  OrganizationSettingsResponseDto,
  UpdateOrganizationSettingsDto,
} from './organization-settings.dto';
import { OrganizationSettingsService } from './organization-settings.service';

@ApiTags('settings')
@Controller('api/organizations/settings')
export class OrganizationSettingsController {
  constructor(private readonly settings: OrganizationSettingsService) {}

  @Get()
  @Authenticated({ permission: Permission.SettingsRead })
  @ApiOperation({
    operationId: 'getOrganizationSettings',
    summary: "The caller's organization settings (ext)",
  })
  @ApiOkResponse({ type: OrganizationSettingsResponseDto })
  get(@CurrentAuth() auth: AuthContext): Promise<OrganizationSettingsResponseDto> {
    return this.settings.get(auth.organizationId);
  }

  @Put()
  @Authenticated({ permission: Permission.SettingsUpdate })
  @ApiOperation({
    operationId: 'updateOrganizationSettings',
    summary: "Update the caller's organization settings",
    description:
      'name and slug are required; an omitted field is unchanged, null clears a nullable one. ' +
      'slug and shortCode are unique across organizations (409).',
  })
  @ApiOkResponse({ type: OrganizationSettingsResponseDto })
  @ApiProblems(400, 409)
  update(
    @CurrentAuth() auth: AuthContext,
    @Body() body: UpdateOrganizationSettingsDto,
  ): Promise<OrganizationSettingsResponseDto> {
    return this.settings.update(auth.organizationId, body);
  }
}
