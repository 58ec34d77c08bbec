import { Module } from '@nestjs/common';
import {
  ConstituentLinksRepository,
  ConstituentRepository,
  DatabaseModule,
  HouseholdMatchRepository,
  HouseholdRepository,
  MergeAuditRepository,
  SharedContactRepository,
} from '@app/database';
import { ConstituentIntakeService } from './constituent-intake.service';
import { ConstituentMergeService } from './constituent-merge.service';
import { ConstituentsController } from './constituents.controller';
import { ConstituentsService } from './constituents.service';
import { HouseholdMatchRaiser } from './household-match-raiser';
import { SharedContactPoints } from './shared-contact-points';

/** Constituents: intake, search, updates, merges. Exports intake (for needs) and merging (for households). */
@Module({
  imports: [
    DatabaseModule.forFeature([
      ConstituentRepository,
      ConstituentLinksRepository,
      HouseholdRepository,
      HouseholdMatchRepository,
      MergeAuditRepository,
      SharedContactRepository,
    ]),
  ],
  controllers: [ConstituentsController],
  providers: [
    ConstituentsService,
    ConstituentIntakeService,
    ConstituentMergeService,
    HouseholdMatchRaiser,
    SharedContactPoints,
  ],
  exports: [ConstituentIntakeService, ConstituentMergeService, SharedContactPoints],
})
export class ConstituentsModule {}
