import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, UuidParam } from '@app/http';
import { Idempotent } from '../idempotency';
import { EmailSendService } from './email-send.service';
import { InteractionsService } from './interactions.service';
import {
  EmailSentDto,
  InteractionResponseDto,
  SendEmailDto,
  SendSmsDto,
  SmsAcceptedDto,
} from './messaging.dto';
import { SmsSendService } from './sms-send.service';

/** The consent refusals of a send on the channel whose consent is `purpose`. */
const CONSENT_REQUIRED = (purpose: string) =>
  `409 consent-required (with \`purpose\`, nothing recorded) while the constituent's ${purpose} ` +
  'consent is withdrawn or expired (no record: allowed), or, for a member with a partner in an ' +
  'organization requiring sharing consent, until it consents to SHARE_WITH_PARTNERS.';

@ApiTags('messaging')
@Controller('api/needs')
export class NeedMessagesController {
  constructor(
    private readonly sms: SmsSendService,
    private readonly email: EmailSendService,
    private readonly interactions: InteractionsService,
  ) {}

  @Post(':id/sms')
  @HttpCode(202)
  @Authenticated({ permission: Permission.NeedSms })
  @ApiOperation({
    operationId: 'sendNeedSms',
    summary: "Send an SMS to the need's constituent",
    description:
      'Accepted for sending (QUEUED), or SCHEDULED for the end of quiet hours unless `emergency` and ' +
      "the organization bypasses quiet hours for emergencies. The organization's `smsSenderName` is " +
      'prepended. Counts against the daily cap and monthly budget (429 with retry_after until the ' +
      "reset, in the organization's timezone). A refused send records nothing. " +
      CONSENT_REQUIRED('CONTACT_SMS'),
  })
  @ApiAcceptedResponse({ type: SmsAcceptedDto })
  @Idempotent()
  @ApiProblems(400, 404, 409, 429)
  sendSms(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: SendSmsDto,
  ): Promise<SmsAcceptedDto> {
    return this.sms.send(auth, id, body);
  }

  @Post(':id/email')
  @HttpCode(200)
  @Authenticated({ permission: Permission.NeedEmail })
  @ApiOperation({
    operationId: 'sendNeedEmail',
    summary: "Email the need's constituent through the organization's provider",
    description:
      'A body containing HTML tags is sent as HTML with a plain-text version. A provider failure ' +
      'is recorded as a FAILED interaction and answered with 400 email-send-failed. ' +
      CONSENT_REQUIRED('CONTACT_EMAIL'),
  })
  @ApiOkResponse({ type: EmailSentDto })
  @Idempotent({ callsOut: true })
  @ApiProblems(400, 404)
  sendEmail(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: SendEmailDto,
  ): Promise<EmailSentDto> {
    return this.email.send(auth, id, body);
  }

  @Get(':id/interactions')
  @Authenticated({ permission: Permission.NeedRead })
  @ApiOperation({
    operationId: 'listNeedInteractions',
    summary: "The need's emails and SMS, newest first",
  })
  @ApiOkResponse({ type: [InteractionResponseDto] })
  @ApiProblems(400, 404)
  listInteractions(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
  ): Promise<InteractionResponseDto[]> {
    return this.interactions.listForNeed(auth, id);
  }
}
