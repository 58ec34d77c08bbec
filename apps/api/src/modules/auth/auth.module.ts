import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import {
  DatabaseModule,
  MemberInvitationRepository,
  MemberRepository,
  RefreshTokenRepository,
} from '@app/database';
import { MembersModule } from '../members/members.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { DeviceTokens } from './device-tokens';
import { LoginLimiter } from './login-limiter';

@Module({
  imports: [
    DatabaseModule.forFeature([
      MemberRepository,
      RefreshTokenRepository,
      MemberInvitationRepository,
    ]),
    MembersModule,
    AuthModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, LoginLimiter, DeviceTokens],
})
export class AuthApiModule {}
