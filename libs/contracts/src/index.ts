export * from './openapi';
export * from './operation-types';
export * from './roles';
export * from './permissions';
export * from './need-statuses';
export * from './problem-types';
export * from './organization-statuses';
export * from './email-providers';
