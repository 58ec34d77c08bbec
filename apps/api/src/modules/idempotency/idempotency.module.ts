import { Module } from '@nestjs/common';
import { DatabaseModule, IdempotencyKeyRepository } from '@app/database';
import { IdempotencyInterceptor } from './idempotency.interceptor';

const IDEMPOTENCY_DATA = DatabaseModule.forFeature([IdempotencyKeyRepository]);

/** Idempotency-Key handling for create and send routes (needs, SMS, email): see @Idempotent(). */
@Module({
  imports: [IDEMPOTENCY_DATA],
  providers: [IdempotencyInterceptor],
  exports: [IdempotencyInterceptor, IDEMPOTENCY_DATA],
})
export class IdempotencyModule {}
