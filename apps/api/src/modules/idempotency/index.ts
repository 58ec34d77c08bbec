/** What other features use of idempotency: the module and the route decorator. */
export * from './idempotency.module';
export * from './idempotent.decorator';
