export * from './consent';
export * from './contact-fields';
export * from './search-query';
