export * from './roles';
export * from './problem-types';
