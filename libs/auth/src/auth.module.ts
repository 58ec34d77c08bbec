import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { DatabaseModule } from '@app/database';
import { AccessGuard } from './access.guard';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokenService } from './access-token.service';
import { JwtStrategy } from './jwt.strategy';
import { MemberRateLimitGuard } from './member-rate-limit.guard';
import { PasswordHasher } from './password';

/**
 * Authentication and authorization for every route (the application-wide guards) and access token
 * issuing and password hashing (AccessTokenService, PasswordHasher: for the modules that log members
 * in).
 */
@Module({
  imports: [
    DatabaseModule.forFeature(),
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [
    JwtStrategy,
    AccessTokenService,
    PasswordHasher,
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: APP_GUARD, useClass: MemberRateLimitGuard },
  ],
  exports: [AccessTokenService, PasswordHasher],
})
export class AuthModule {}
