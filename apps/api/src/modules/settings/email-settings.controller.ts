import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems } from '@app/http';
import {
  EmailSettingsDto,
  EmailSettingsResponseDto,
  TestEmailDto,
  TestEmailResponseDto,
} from './email-settings.dto';
import { EmailSettingsService } from './email-settings.service';

@ApiTags('settings')
@Controller('api/organizations/settings/email')
export class EmailSettingsController {
  constructor(private readonly emailSettings: EmailSettingsService) {}

  @Get()
  @Authenticated({ permission: Permission.EmailSettingsManage })
  @ApiOperation({
    operationId: 'getEmailSettings',
    summary: 'The email delivery settings (ext); the key is never returned',
  })
  @ApiOkResponse({ type: EmailSettingsResponseDto })
  @ApiProblems(404)
  get(@CurrentAuth() auth: AuthContext): Promise<EmailSettingsResponseDto> {
    return this.emailSettings.get(auth.organizationId);
  }

  @Put()
  @Authenticated({ permission: Permission.EmailSettingsManage })
  @ApiOperation({
    operationId: 'updateEmailSettings',
    summary: 'Replace the email delivery settings',
    description:
      'SMTP hosts that resolve to loopback, private, CGNAT, link-local, unique-local, ' +
      'unspecified or multicast addresses are refused unless EMAIL_ALLOW_PRIVATE_HOSTS.',
  })
  @ApiOkResponse({ type: EmailSettingsResponseDto })
  @ApiProblems(400)
  update(
    @CurrentAuth() auth: AuthContext,
    @Body() body: EmailSettingsDto,
  ): Promise<EmailSettingsResponseDto> {
    return this.emailSettings.update(auth.organizationId, body);
  }

  @Post('test')
  @HttpCode(200)
  @Authenticated({ permission: Permission.EmailSettingsManage })
  @ApiOperation({
    operationId: 'sendTestEmail',
    summary: 'Send a test email with proposed settings, without saving them',
    description:
      "A provider failure is a 400 /problems/email-send-failed with the provider's reason.",
  })
  @ApiOkResponse({ type: TestEmailResponseDto })
  @ApiProblems(400)
  sendTest(@Body() body: TestEmailDto): Promise<TestEmailResponseDto> {
    return this.emailSettings.sendTest(body);
  }
}
