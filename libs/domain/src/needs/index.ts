export * from './keyword-routing';
export * from './need-status';
export * from './reference-number';
export * from './sla-clock';
export * from './sla-pause';
