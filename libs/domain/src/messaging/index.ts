export * from './date-range';
export * from './email-body';
export * from './interaction-status';
export * from './quiet-hours';
export * from './sms-keywords';
export * from './sms-periods';
export * from './sms-text';
