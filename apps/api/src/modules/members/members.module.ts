import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  MemberInvitationRepository,
  MemberRepository,
  OrganizationRepository,
  PartnerRepository,
  RefreshTokenRepository,
} from '@app/database';
import { MessagingModule } from '@app/messaging';
import { MemberInvitations } from './member-invitations';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';

/** Members and their invitations (emailed through OrganizationMailer). */
@Module({
  imports: [
    DatabaseModule.forFeature([
      MemberRepository,
      PartnerRepository,
      RefreshTokenRepository,
      MemberInvitationRepository,
      OrganizationRepository,
    ]),
    MessagingModule,
  ],
  controllers: [MembersController],
  providers: [MembersService, MemberInvitations],
  exports: [MembersService],
})
export class MembersModule {}
