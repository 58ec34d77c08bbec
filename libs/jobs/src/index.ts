export * from './job-queue';
export * from './jobs.module';
export * from './maintenance.processor';
