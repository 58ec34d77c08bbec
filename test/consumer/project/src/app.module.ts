import { Module } from '@nestjs/common';
import { AssistClientModule } from '@assist/client';
import { ReferralDesk } from './referral-desk';

@Module({
  imports: [
    AssistClientModule.forRoot({
      baseUrl: process.env.ASSIST_URL ?? 'http://localhost:3000',
      credentials: {
        email: process.env.ASSIST_EMAIL ?? '',
        password: process.env.ASSIST_PASSWORD ?? '',
      },
    }),
  ],
  providers: [ReferralDesk],
})
export class AppModule {}
