export * from './app-config';
export * from './config.error';
export type { Env } from './env-readers';
export * from './config.module';
export * from './development-secrets';
