import { Controller, Headers, HttpCode, Post, Req, UnauthorizedException } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '@app/auth';
import { ApiProblems } from '@app/http';
import { DeliveryReportService } from './delivery-report.service';
import { InboundSmsService } from './inbound-sms.service';
import { parseProvisioningEvent } from './provisioning-event';
import { ProvisioningEventsService } from './provisioning-events.service';
import { parseTelnyxEvent } from './telnyx-event';
import { TelnyxSignatureVerifier } from './telnyx-signature';
import { WebhookReceivedDto } from './telnyx-webhook.dto';

@ApiTags('webhooks')
@Controller('api/webhooks')
export class TelnyxWebhookController {
  constructor(
    private readonly verifier: TelnyxSignatureVerifier,
    private readonly inbound: InboundSmsService,
    private readonly reports: DeliveryReportService,
    private readonly provisioning: ProvisioningEventsService,
  ) {}

  @Post('telnyx')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'receiveTelnyxWebhook',
    summary: "Telnyx messaging webhook (the messaging profile's webhook URL)",
    description:
      'Signed by Telnyx with ed25519 (verified with TELNYX_PUBLIC_KEY; a bad signature or a ' +
      'timestamp more than 5 minutes off is 401). Records message.received, message.sent and ' +
      'message.finalized once each (redeliveries are harmless); number order and 10DLC brand, ' +
      'campaign and number assignment events advance telephony provisioning at once; other ' +
      'events are acknowledged.',
  })
  @ApiHeader({
    name: 'telnyx-signature-ed25519',
    required: true,
    description: 'Base64 ed25519 signature of `timestamp|body`',
    schema: { type: 'string', maxLength: 128 },
  })
  @ApiHeader({
    name: 'telnyx-timestamp',
    required: true,
    description: 'Unix seconds',
    schema: { type: 'string', pattern: '^\\d{1,12}$', maxLength: 12 },
  })
  @ApiOkResponse({ type: WebhookReceivedDto })
  @ApiProblems(400, 401)
  async receive(
    @Req() request: Request & { rawBody?: Buffer },
    @Headers('telnyx-signature-ed25519') signature: string | undefined,
    @Headers('telnyx-timestamp') timestamp: string | undefined,
  ): Promise<WebhookReceivedDto> {
    const refusal = this.verifier.refusal(request.rawBody, signature, timestamp);
    if (refusal) throw new UnauthorizedException(refusal);
    const provisioningEvent = parseProvisioningEvent(request.body);
    if (provisioningEvent) await this.provisioning.advance(provisioningEvent);
    const event = parseTelnyxEvent(request.body);
    // Each service finds the organization from the event's number, then records inside it.
    if (event?.type === 'message.received') await this.inbound.receive(event);
    else if (event) await this.reports.record(event);
    return { received: true };
  }
}
