import { Body, Controller, Get, Post, Put, Res } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import { CreatePartnerDto, PartnerResponseDto, UpdatePartnerDto } from './partner.dto';
import { PartnersService } from './partners.service';

@ApiTags('partners')
@Controller('api/partners')
export class PartnersController {
  constructor(private readonly partners: PartnersService) {}

  @Post()
  @Authenticated({ permission: Permission.PartnerCreate })
  @ApiOperation({
    operationId: 'createPartner',
    summary: 'Create a partner (timezone and operating_hours are set by update only)',
  })
  @ApiCreatedResponse({ type: PartnerResponseDto })
  @ApiProblems(400)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreatePartnerDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PartnerResponseDto> {
    const partner = await this.partners.create(auth.organizationId, body);
    response.location(`/api/partners/${partner.id}`);
    return partner;
  }

  @Put(':id')
  @Authenticated({ permission: Permission.PartnerUpdate })
  @ApiOperation({
    operationId: 'updatePartner',
    summary: 'Update a partner (partial)',
    description:
      'A partner admin may update only its own partner and never isDefault (403). Archiving the ' +
      'default partner clears its isDefault; making an archived partner the default is 409.',
  })
  @ApiOkResponse({ type: PartnerResponseDto })
  @ApiProblems(400, 404, 409)
  update(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: UpdatePartnerDto,
  ): Promise<PartnerResponseDto> {
    return this.partners.update(auth, id, body);
  }

  @Get()
  @Authenticated({ permission: Permission.PartnerRead })
  @ApiOperation({
    operationId: 'listPartners',
    summary: "The organization's partners, archived ones included, by name",
  })
  @ApiOkResponse({ type: [PartnerResponseDto] })
  list(@CurrentAuth() auth: AuthContext): Promise<PartnerResponseDto[]> {
    return this.partners.list(auth.organizationId);
  }
}
