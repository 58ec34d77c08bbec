import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginLimiter } from './login-limiter';

@Module({
  imports: [MembersModule],
  controllers: [AuthController],
  providers: [AuthService, LoginLimiter],
})
export class AuthApiModule {}
