/** What other features use of idempotency: the module, its service and the header decorators. */
export * from './idempotency-key.decorator';
export * from './idempotency.module';
export * from './idempotency.service';
