import { Module } from '@nestjs/common';
import { ConstituentsModule } from '../constituents';
import { HouseholdMatchesController } from './household-matches.controller';
import { HouseholdMatchesService } from './household-matches.service';
import { HouseholdsController } from './households.controller';
import { HouseholdsService } from './households.service';

/** Households and the review of household-match suggestions. */
@Module({
  imports: [ConstituentsModule],
  controllers: [HouseholdsController, HouseholdMatchesController],
  providers: [HouseholdsService, HouseholdMatchesService],
})
export class HouseholdsModule {}
