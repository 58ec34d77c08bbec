export * from './factories';
export * from './problem-assertions';
export * from './test-app';
export * from './test-config';
export * from './test-database';
export * from './route-inventory';
