export * from './assist-client';
export * from './assist-client.module';
export * from './assist-problem-error';
export { OPERATIONS } from './assist-operations';
export type { CallOptions, OperationInput, OperationRoute } from './operation-input';
