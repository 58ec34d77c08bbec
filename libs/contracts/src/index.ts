export * from './roles';
export * from './problem-types';
export * from './organization-statuses';
export * from './email-providers';
