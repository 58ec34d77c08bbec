import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoginFailureRepository } from './auth/login-failure.repository';
import { MemberInvitationRepository } from './auth/member-invitation.repository';
import { RefreshTokenRepository } from './auth/refresh-token.repository';
import { dataSourceOptions } from './data-source-options';
import { MemberRepository } from './member/member.repository';
import { OrganizationRepository } from './organization/organization.repository';

const REPOSITORIES = [
  OrganizationRepository,
  MemberRepository,
  RefreshTokenRepository,
  MemberInvitationRepository,
  LoginFailureRepository,
];

/** The TypeORM data source and every repository, available to the whole application. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot(dataSourceOptions(url))],
      providers: REPOSITORIES,
      exports: REPOSITORIES,
    };
  }
}
