import { Module } from '@nestjs/common';
import {
  ConstituentRepository,
  DatabaseModule,
  HouseholdRepository,
  MemberRepository,
  NeedHistoryRepository,
  NeedRepository,
  PartnerRepository,
  PublicStatusRepository,
} from '@app/database';
import { ConstituentsModule } from '../constituents';
import { IdempotencyModule } from '../idempotency';
import { NeedIntakeService } from './need-intake.service';
import { NeedLinker } from './need-links';
import { NeedRouter } from './need-routing';
import { NeedUpdateService } from './need-update.service';
import { NeedsController } from './needs.controller';
import { NeedsService } from './needs.service';
import { PublicIntakeController } from './public-intake.controller';
import { PublicIntakeRateLimitGuard } from './public-intake-rate-limit.guard';
import { PublicStatusController } from './public-status.controller';
import { PublicStatusService } from './public-status.service';

/** Needs: public and staff intake, routing, the referral lifecycle, lists and history. */
@Module({
  imports: [
    DatabaseModule.forFeature([
      NeedRepository,
      NeedHistoryRepository,
      PartnerRepository,
      MemberRepository,
      ConstituentRepository,
      HouseholdRepository,
      PublicStatusRepository,
    ]),
    ConstituentsModule,
    IdempotencyModule,
  ],
  controllers: [PublicIntakeController, PublicStatusController, NeedsController],
  providers: [
    NeedsService,
    NeedIntakeService,
    NeedUpdateService,
    NeedRouter,
    NeedLinker,
    PublicStatusService,
    PublicIntakeRateLimitGuard,
  ],
})
export class NeedsModule {}
