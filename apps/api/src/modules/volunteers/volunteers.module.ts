import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  MemberRepository,
  PartnerRepository,
  VolunteerShiftRepository,
} from '@app/database';
import { VolunteersController } from './volunteers.controller';
import { VolunteersService } from './volunteers.service';

@Module({
  imports: [
    DatabaseModule.forFeature([VolunteerShiftRepository, MemberRepository, PartnerRepository]),
  ],
  controllers: [VolunteersController],
  providers: [VolunteersService],
})
export class VolunteersModule {}
