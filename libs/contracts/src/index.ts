export * from './roles';
export * from './problem-types';
export * from './us-states';
export * from './organization-statuses';
export * from './email-providers';
