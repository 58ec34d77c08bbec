export * from './fuzz-requests';
export * from './invalid-values';
export * from './nullable-fields';
export * from './openapi-document';
export * from './populated-org';
export * from './response-checks';
export * from './schema-validator';
export * from './valid-values';
