import { Module } from '@nestjs/common';
import { DatabaseModule, PartnerRepository } from '@app/database';
import { PartnersController } from './partners.controller';
import { PartnersService } from './partners.service';

@Module({
  imports: [DatabaseModule.forFeature([PartnerRepository])],
  controllers: [PartnersController],
  providers: [PartnersService],
})
export class PartnersModule {}
