import { Module } from '@nestjs/common';
import {
  ConstituentRepository,
  DatabaseModule,
  HouseholdMatchRepository,
  HouseholdRepository,
} from '@app/database';
import { ConstituentsModule } from '../constituents';
import { HouseholdMatchesController } from './household-matches.controller';
import { HouseholdMatchesService } from './household-matches.service';
import { HouseholdsController } from './households.controller';
import { HouseholdsService } from './households.service';

/** Households and the review of household-match suggestions. */
@Module({
  imports: [
    ConstituentsModule,
    DatabaseModule.forFeature([
      HouseholdRepository,
      ConstituentRepository,
      HouseholdMatchRepository,
    ]),
  ],
  controllers: [HouseholdsController, HouseholdMatchesController],
  providers: [HouseholdsService, HouseholdMatchesService],
})
export class HouseholdsModule {}
