import { ApiProperty } from '@nestjs/swagger';

/** The acknowledgement of a webhook event (Telnyx only reads the 2xx status). */
export class WebhookReceivedDto {
  @ApiProperty({ enum: [true] }) received: true;
}
