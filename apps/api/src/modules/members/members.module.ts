import { Module } from '@nestjs/common';
import { MemberInvitations } from './member-invitations';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';

@Module({
  controllers: [MembersController],
  providers: [MembersService, MemberInvitations],
  exports: [MembersService],
})
export class MembersModule {}
