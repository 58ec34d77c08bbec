import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { Permission } from '@assist/contracts';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AuthContext, Authenticated, CurrentAuth } from '@app/auth';
import { ApiProblems, nextPageLink, UuidParam, ApiPageResponse } from '@app/http';
import {
  CreateEventSubscriptionDto,
  CreatedEventSubscriptionResponseDto,
  EventDeliveryResponseDto,
  EventSubscriptionResponseDto,
  ListDeliveriesQueryDto,
  UpdateEventSubscriptionDto,
} from './event-subscription.dto';
import {
  EventSubscriptionsService,
  MAX_SUBSCRIPTIONS_PER_ORGANIZATION,
} from './event-subscriptions.service';

const DELIVERY =
  'Each event is POSTed as `{ type, timestamp, data }` with Standard Webhooks headers ' +
  '(webhook-id: the event id, the same on every retry; webhook-timestamp; webhook-signature). ' +
  'Non-2xx answers, timeouts (10 s) and connection errors are retried: first within 30 s, then ' +
  'doubling, at most an hour apart, for 24 hours. Redirects are not followed. A subscription ' +
  'failing for 3 days is set inactive. Delivery places are shared fairly between organizations, ' +
  "so one organization's failing receivers never delay another's.";

@ApiTags('event subscriptions')
@Controller('api/webhooks/subscriptions')
export class EventSubscriptionsController {
  constructor(private readonly subscriptions: EventSubscriptionsService) {}

  @Post()
  @Authenticated({ permission: Permission.WebhookManage })
  @ApiOperation({
    operationId: 'createEventSubscription',
    summary: 'Subscribe a URL to events',
    description:
      `${DELIVERY} At most ${MAX_SUBSCRIPTIONS_PER_ORGANIZATION} subscriptions per organization: ` +
      '409 subscription-limit past it.',
  })
  @ApiCreatedResponse({ type: CreatedEventSubscriptionResponseDto })
  @ApiProblems(400, 409)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateEventSubscriptionDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreatedEventSubscriptionResponseDto> {
    const subscription = await this.subscriptions.create(auth.organizationId, body);
    response.location(`/api/webhooks/subscriptions/${subscription.id}`);
    return subscription;
  }

  @Get()
  @Authenticated({ permission: Permission.WebhookManage })
  @ApiOperation({
    operationId: 'listEventSubscriptions',
    summary: "The organization's event subscriptions, oldest first",
  })
  @ApiOkResponse({ type: [EventSubscriptionResponseDto] })
  list(@CurrentAuth() auth: AuthContext): Promise<EventSubscriptionResponseDto[]> {
    return this.subscriptions.list(auth.organizationId);
  }

  @Get(':id')
  @Authenticated({ permission: Permission.WebhookManage })
  @ApiOperation({
    operationId: 'getEventSubscription',
    summary: 'An event subscription (its secret is never shown again)',
  })
  @ApiOkResponse({ type: EventSubscriptionResponseDto })
  @ApiProblems(400, 404)
  get(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
  ): Promise<EventSubscriptionResponseDto> {
    return this.subscriptions.get(auth.organizationId, id);
  }

  @Patch(':id')
  @Authenticated({ permission: Permission.WebhookManage })
  @ApiOperation({
    operationId: 'updateEventSubscription',
    summary: 'Change an event subscription, or pause and resume it',
    description:
      'A paused (or automatically deactivated) subscription gets no new events, and its deliveries ' +
      'still pending end FAILED. A new url is checked as at creation.',
  })
  @ApiOkResponse({ type: EventSubscriptionResponseDto })
  @ApiProblems(400, 404)
  update(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Body() body: UpdateEventSubscriptionDto,
  ): Promise<EventSubscriptionResponseDto> {
    return this.subscriptions.update(auth.organizationId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated({ permission: Permission.WebhookManage })
  @ApiOperation({
    operationId: 'deleteEventSubscription',
    summary: 'Delete an event subscription and its deliveries',
  })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentAuth() auth: AuthContext, @UuidParam() id: string): Promise<void> {
    await this.subscriptions.remove(auth.organizationId, id);
  }

  @Get(':id/deliveries')
  @Authenticated({ permission: Permission.WebhookManage })
  @ApiOperation({
    operationId: 'listEventDeliveries',
    summary: "A subscription's deliveries, newest first",
    description: 'One per event and subscription; FAILED once its retries are over.',
  })
  @ApiPageResponse(EventDeliveryResponseDto, 'deliveries')
  @ApiProblems(400, 404)
  async listDeliveries(
    @CurrentAuth() auth: AuthContext,
    @UuidParam() id: string,
    @Query() query: ListDeliveriesQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<EventDeliveryResponseDto[]> {
    const page = await this.subscriptions.listDeliveries(auth.organizationId, id, query);
    if (page.nextCursor) response.setHeader('Link', nextPageLink(request, page.nextCursor));
    return page.deliveries;
  }
}
