import { Module } from '@nestjs/common';
import {
  ConstituentConsentRepository,
  ConstituentErasureRepository,
  ConstituentLinksRepository,
  ConstituentRepository,
  DatabaseModule,
  HouseholdMatchRepository,
  HouseholdRepository,
  MergeAuditRepository,
  SharedContactRepository,
} from '@app/database';
import { ConsentsController } from './consents.controller';
import { ConsentsService } from './consents.service';
import { ConstituentConsents } from './constituent-consents';
import { ConstituentErasureService } from './constituent-erasure.service';
import { ConstituentIntakeService } from './constituent-intake.service';
import { ConstituentMergeService } from './constituent-merge.service';
import { ConstituentRecords } from './constituent-records';
import { ConstituentsController } from './constituents.controller';
import { ConstituentsService } from './constituents.service';
import { HouseholdMatchRaiser } from './household-match-raiser';
import { MergeHistoryService } from './merge-history.service';
import { MergeUndoService } from './merge-undo.service';
import { MergesController } from './merges.controller';
import { SharedContactPoints } from './shared-contact-points';

/**
 * Constituents: intake, search, updates, merges (their history and undo), consents. Exports intake
 * (for needs), merging (for households), the records as callers see them (households) and what
 * consents change (needs, messaging, surveys).
 */
@Module({
  imports: [
    DatabaseModule.forFeature([
      ConstituentRepository,
      ConstituentConsentRepository,
      ConstituentErasureRepository,
      ConstituentLinksRepository,
      HouseholdRepository,
      HouseholdMatchRepository,
      MergeAuditRepository,
      SharedContactRepository,
    ]),
  ],
  controllers: [ConstituentsController, ConsentsController, MergesController],
  providers: [
    ConstituentsService,
    ConsentsService,
    ConstituentConsents,
    ConstituentErasureService,
    ConstituentRecords,
    ConstituentIntakeService,
    ConstituentMergeService,
    HouseholdMatchRaiser,
    MergeHistoryService,
    MergeUndoService,
    SharedContactPoints,
  ],
  exports: [
    ConstituentIntakeService,
    ConstituentMergeService,
    SharedContactPoints,
    ConstituentConsents,
    ConstituentRecords,
  ],
})
export class ConstituentsModule {}
