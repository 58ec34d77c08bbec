import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { ReferralDesk } from './referral-desk';

/** Drives one referral through the API and prints what came back, as JSON, on stdout. */
async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const report = await app.get(ReferralDesk).referOne(process.env.ASSIST_ORGANIZATION_ID ?? '');
  process.stdout.write(`${JSON.stringify(report)}\n`);
  await app.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
