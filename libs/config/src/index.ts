export * from './app-config';
export * from './config.error';
export * from './config.module';
export * from './development-secrets';
