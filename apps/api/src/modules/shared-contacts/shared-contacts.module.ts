import { Module } from '@nestjs/common';
import { DatabaseModule, SharedContactRepository } from '@app/database';
import { ConstituentsModule } from '../constituents';
import { SharedContactsController } from './shared-contacts.controller';
import { SharedContactsService } from './shared-contacts.service';

/** Shared contact points (shelters, agencies): admins' marks and what detection found. */
@Module({
  imports: [ConstituentsModule, DatabaseModule.forFeature([SharedContactRepository])],
  controllers: [SharedContactsController],
  providers: [SharedContactsService],
})
export class SharedContactsModule {}
